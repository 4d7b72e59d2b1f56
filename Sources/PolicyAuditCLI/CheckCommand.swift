import LibC
import PasswordPolicy
import PolicyAudit
import PolicyCSV

/// `pwaudit check`: scores passwords against one policy, live as they are typed on a terminal, else read from stdin
/// one per line.
enum CheckCommand: CLICommand {
    static let help = CommandHelp(
        name: "check",
        overview: "Check passwords against a policy: live checklist on a terminal, else a JSON line per stdin line.",
        usage: [
            "check --policy FILE|NAME[@N] [--user NAME] [--email ADDR] [--db PATH]",
            "check --policy NAME[@N] --record [--user NAME] [--email ADDR] [--db PATH] [--key-file PATH]",
        ],
        discussion: """
            On a terminal, the checklist ticks as you type: input is hidden (only masked), every rule shows ✓ or ✗
            (or [x] and [ ] outside a UTF-8 locale) with its message while it fails, and the last line says "reset
            unlocked" exactly when every rule passes. Backspace deletes the last character, Ctrl-U everything; a
            paste is taken whole (a pasted newline does not submit); input over 1 KiB is refused (password-too-long),
            never judged cut. Enter (or Ctrl-D) gives the verdict: exit 0 if the reset unlocks, 1 if not or refused;
            Ctrl-C cancels (exit 130); Ctrl-Z suspends. With --record the candidate is stored as a validation attempt
            (keyed fingerprint and outcome, never the password), in a run of source 'interactive' that runs, report
            and history show; it needs a stored policy NAME[@N].

            Otherwise (stdin not a terminal):
            Reads one candidate per line (LF, CRLF or CR) and prints one JSON object per line:
              {"line":1,"unlocksReset":false,"failing":["length.too-short"]}
            A line import would reject gets its reason code instead: {"line":2,"rejected":"invalid-utf8"} (also
            nul-byte, password-too-long over 1 KiB, empty-password). The password itself is never printed. Exit
            status: 0 when every candidate unlocks the reset, 1 when any fails or is rejected.

            EXAMPLE:
              printf 'Password1!\\nshort\\n' | pwaudit check --policy examples/seed.json
            """)

    /// `--policy FILE|NAME[@N]`, required.
    static let policy = Option<String>(
        "--policy", valueName: "FILE|NAME[@N]", help: "A policy file, or a stored version (NAME alone = latest).")
    /// `--user NAME`.
    static let user = Option<String>("--user", valueName: "NAME", help: "The username, for context rules.")
    /// `--email ADDR`.
    static let email = Option<String>("--email", valueName: "ADDR", help: "The email address, for context rules.")

    /// `--record`.
    static let record = Flag(
        "--record", help: "On a terminal: store the final candidate as an attempt (fingerprint and outcome only).")

    static let options: [any DeclaredOption] = [
        policy, user, email, record,
        StoreOptions.database.withHelp(
            "The database holding stored policies (default $PWAUDIT_DB, else ./pwaudit.db)."),
        StoreOptions.keyFile,
    ]

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        _ = try arguments.positionals(count: 0...0, command: "check", what: "")
        guard let reference = arguments[policy] else {
            throw UsageError("missing --policy FILE|NAME[@N]", command: "check")
        }
        let onTerminal = isatty(context.stdinDescriptor) == 1
        let resolved = try PolicyArgument.resolve(
            reference, arguments: arguments, context: context, recording: onTerminal && arguments[record])
        let policy = resolved.compiled
        let username = arguments[user]
        let email = arguments[Self.email]
        if onTerminal {
            let recorder = try arguments[record] ? makeRecorder(resolved) : nil
            return try live(policy: policy, username: username, email: email, recorder: recorder, context: context)
        }
        if arguments[record] {
            throw UsageError(
                "--record needs a terminal; import a CSV of candidates with 'pwaudit import'", command: "check")
        }
        var allPass = true
        // A line import would reject is rejected here too, by the same reason code, and counts as a failure.
        try PasswordLineMode.answerEachLine(context) { number, line in
            switch line {
            case .rejected(let reason):
                allPass = false
                return "{\"line\":\(number),\"rejected\":\"\(reason.rawValue)\"}"
            case .password(let bytes):
                let password = String(decoding: bytes, as: UTF8.self)
                let evaluation = policy.evaluate(Candidate(password: password, username: username, email: email))
                try PolicyCompiler.checkCorpora(of: [policy.policy])  // a damaged corpus stops before a verdict
                allPass = allPass && evaluation.unlocksReset
                let failing = evaluation.failingCodes.map { "\"\($0)\"" }.joined(separator: ",")
                return "{\"line\":\(number),\"unlocksReset\":\(evaluation.unlocksReset),\"failing\":[\(failing)]}"
            }
        }
        return allPass ? .success : .findings
    }
}
