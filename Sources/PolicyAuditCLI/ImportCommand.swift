import Foundation
import LibC
import PolicyAudit

/// `pwaudit import`: scores a CSV of candidate passwords against stored policy versions.
enum ImportCommand: CLICommand {
    static let help = CommandHelp(
        name: "import",
        overview: "Import a CSV of candidate passwords and score every row against policy versions.",
        usage: [
            "import FILE.csv|- [--policy NAME[@N]]... [--password-column C] [--user-column C] [--email-column C] "
                + "[--id-column C] [--time-column C] [--time-format F] [--time-zone NAME] [--delimiter ','|';'|'\\t'] "
                + "[--label TEXT] [--strict] "
                + "[--rejects FILE] [--again] [--accounts] [--strength] [--format text|json]",
            "import --ntds FILE [--potfile FILE] [--groups FILE|DIR]... [--hibp-ntlm FILE]... [--enabled-only] "
                + "[--include-machines] [--redact-accounts] [--policy NAME[@N]]... [--label TEXT] [--format text|json]",
        ],
        arguments: [.init("FILE.csv", "The CSV to import; '-' reads standard input.")],
        discussion: """
            Passwords are never stored: each candidate keeps an HMAC-SHA256 fingerprint and derived features.
            Bad rows (wrong field count, invalid UTF-8, empty password, NUL byte, password over 1 KiB, another field
            over 4 KiB, unterminated quote) are counted by reason with their line numbers; the good rows still land.
            Exit status: 0 all rows landed, 65 some rows were rejected (or, with --strict, nothing was stored).
            --ntds audits a directory: every account of the extract is stored with a keyed fingerprint of its NT hash
            (never the hash) and its findings (empty password, LM hash, NT hash shared or in a --hibp-ntlm corpus);
            the accounts the potfile cracked are scored against the versions as CSV candidates are (never storing the
            password), the others are "not cracked". Machine accounts, password-history lines and lines without an NT
            hash are counted apart; malformed lines are named by number (exit 65), the good ones kept.
            """)

    /// `--policy NAME[@N]`, repeatable.
    static let policy = RepeatedOption<String>(
        "--policy", valueName: "NAME[@N]",
        help: "A stored version to score against (repeatable; default: latest of each).")
    /// `--label TEXT`.
    static let label = Option<String>("--label", valueName: "TEXT", help: "A label for the run.")
    /// `--strict`.
    static let strict = Flag("--strict", help: "Store nothing if any row is bad (exit 65).")
    /// `--rejects FILE`.
    static let rejects = Option<String>(
        "--rejects", valueName: "FILE",
        help: "Write rejected rows as CSV (line, reason; never their content); '-' is standard output.")
    /// `--again`.
    static let again = Flag("--again", help: "Import even if a complete run already holds the same file.")
    /// `--accounts`.
    static let accounts = Flag(
        "--accounts",
        help: "Also store each account's last candidate, for v_account_last_candidate (about 1 s per million rows).")

    /// `--strength`.
    static let strength = Flag(
        "--strength",
        help: "Also store each candidate's strength score and log10 guesses (zxcvbn; stored anyway when a version "
            + "has a strength rule).")

    static let options: [any DeclaredOption] =
        [policy] + CSVOptions.all + [label, strict, rejects, again, accounts, strength, ListingFormat.option]
        + directoryOptions + StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        if arguments[ntds] != nil { return try runDirectory(arguments, context: context) }
        let file = try arguments.positionals(count: 1...1, command: "import", what: "FILE.csv")[0]
        var request = CSVImportRequest(source: CSVOptions.source(file, context: context))
        (request.mapping, request.dialect) = (CSVOptions.mapping(arguments), CSVOptions.dialect(arguments))
        (request.label, request.strict) = (arguments[label], arguments[strict])
        (request.again, request.accounts) = (arguments[again], arguments[accounts])
        request.strength = arguments[strength]
        request.timeReader = CSVOptions.timeReader(arguments)
        request.rejects = try rejectsDestination(arguments, file: file, context: context)
        let workspace = try StoreOptions.openForFingerprinting(arguments, context: context)
        request.versions = try PolicyArgument.storedVersions(
            arguments[policy], workspace: workspace, command: "import")
        let stderr = context.stderr
        let asJSON = arguments[ListingFormat.option] == .json
        request.warn = { warning in stderr.line("warning: \(warning)") }
        if stderr.isTerminal {
            request.progress = { progress in stderr.write("\r\u{1B}[K" + ProgressLine.text(progress)) }
        }
        switch try CSVOptions.columnsAsUsage(command: "import", { try CSVImport(workspace: workspace).run(request) }) {
        case .imported(let result):
            if stderr.isTerminal { stderr.write("\r\u{1B}[K") }
            for rejection in result.firstRejections.prefix(10) {
                stderr.line("rejected line \(rejection.line): \(rejection.reason.rawValue)")
            }
            if result.rejected > 10 { stderr.line("… \(result.rejected - 10) more rejected rows") }
            // With the rejects CSV on stdout, the summary goes to stderr so that stdout stays one CSV.
            let summary = asJSON ? ImportSummaryText.json(result) : ImportSummaryText.line(result) + "\n"
            (arguments[rejects] == "-" ? stderr : context.stdout).write(summary)
            return result.rejected == 0 ? .success : .dataError
        case .alreadyImported(let runID, let sha256):
            if asJSON { context.stdout.write(ImportSummaryText.alreadyImportedJSON(runID: runID, sha256: sha256)) }
            stderr.line(
                "note: this file (SHA-256 \(sha256.prefix(12))…) was already imported as run \(runID); "
                    + "nothing was stored (pass --again to import it again)")
            return .success
        }
    }

    /// Where `--rejects` writes, checked and opened before anything is imported: never the database, its key or the
    /// input; `-` is standard output, where a failed write stops the import (`PolicyAuditCLI.run` reports it).
    private static func rejectsDestination(
        _ arguments: ParsedArguments, file: String, context: CLIContext
    ) throws -> RejectsFileWriter.Destination? {
        guard let rejects = arguments[Self.rejects] else { return nil }
        guard rejects != "-" else {
            let stdout = context.stdout
            return .stream(name: "standard output") { text throws(ImportError) in
                stdout.write(text)
                if let failure = stdout.writeFailure {
                    throw .rejectsUnwritable(path: "standard output", reason: SystemCall.describe(failure))
                }
            }
        }
        let protected =
            StoreOptions.protectedFiles(arguments, context: context)
            // Standard input redirected from a file is that file: compared by device and inode.
            + [.input(file == "-" ? "/dev/fd/\(context.stdinDescriptor)" : context.resolve(file))]
        return .file(
            try OutputPath.open(
                rejects, option: Self.rejects.name, command: "import", protecting: protected, context: context))
    }
}
