import LibC
import PasswordPolicy
import PolicyAudit
import PolicyCSV

/// `pwaudit check`: scores passwords read from stdin, one per line, against one policy.
enum CheckCommand: CLICommand {
    static let help = CommandHelp(
        name: "check",
        overview: "Check candidate passwords from stdin against a policy, one JSON line per candidate.",
        usage: ["check --policy FILE|NAME[@N] [--user NAME] [--email ADDR] [--db PATH]"],
        discussion: """
            Reads one candidate per line (LF or CRLF) and prints one JSON object per line:
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

    static let options: [any DeclaredOption] = [
        policy, user, email,
        StoreOptions.database.withHelp(
            "The database holding stored policies (default $PWAUDIT_DB, else ./pwaudit.db)."),
    ]

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        _ = try arguments.positionals(count: 0...0, command: "check", what: "")
        guard let reference = arguments[policy] else {
            throw UsageError("missing --policy FILE|NAME[@N]", command: "check")
        }
        let policy = try PolicyArgument.resolve(reference, arguments: arguments, context: context).compiled
        let username = arguments[user]
        let email = arguments[Self.email]
        if isatty(context.stdinDescriptor) == 1 {
            return try interactive(policy: policy, username: username, email: email, context: context)
        }
        var allPass = true
        var lineNumber = 0
        var reader = LineReader(
            descriptor: context.stdinDescriptor, maximumLineBytes: CSVRowValidator.maximumPasswordBytes)
        let stdout = context.stdout
        reader.willWait = { stdout.flush() }  // a coprocess sees each verdict before it sends the next line
        while let raw = try reader.nextRawLine() {
            lineNumber += 1
            // A line import would reject is rejected here too, by the same reason code, and counts as a failure.
            let (bytes, rejection): ([UInt8], RejectReason?) =
                switch raw {
                case .overLong: ([], .passwordTooLong)
                case .bytes(let line): (line, line.withUnsafeBytes { RejectReason.forPassword($0) })
                }
            if let rejection {
                allPass = false
                context.stdout.line("{\"line\":\(lineNumber),\"rejected\":\"\(rejection.rawValue)\"}")
                continue
            }
            let password = String(decoding: bytes, as: UTF8.self)
            let evaluation = policy.evaluate(Candidate(password: password, username: username, email: email))
            try PolicyCompiler.checkCorpora(of: [policy.policy])  // a damaged corpus stops before a verdict
            allPass = allPass && evaluation.unlocksReset
            let failing = evaluation.failingCodes.map { "\"\($0)\"" }.joined(separator: ",")
            context.stdout.line(
                "{\"line\":\(lineNumber),\"unlocksReset\":\(evaluation.unlocksReset),\"failing\":[\(failing)]}")
        }
        return allPass ? .success : .findings
    }

    /// Stdin is a terminal: read passwords without echo and show the checklist after each one.
    private static func interactive(
        policy: CompiledPolicy, username: String?, email: String?, context: CLIContext
    ) throws -> ExitCode {
        let view = TerminalChecklistView(output: context.stdout, useColor: context.allowsColor(on: context.stdout))
        let presenter = PasswordChecklistPresenter(policy: policy, view: view, username: username, email: email)
        context.stderr.line("Type a candidate password and press Enter (input is hidden); Ctrl-D ends.")
        let echo = TerminalEcho(descriptor: context.stdinDescriptor)
        echo.disable()
        defer { echo.restore() }
        var reader = LineReader(descriptor: context.stdinDescriptor)
        while true {
            context.stderr.write("password: ")
            context.stderr.flush()
            guard let line = try reader.nextLine() else { break }
            context.stderr.line()
            presenter.passwordDidChange(to: line)
        }
        context.stderr.line()
        return view.states.allSatisfy(\.resetUnlocked) ? .success : .findings
    }
}
