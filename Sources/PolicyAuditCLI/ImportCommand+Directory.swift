import DirectoryAudit
import Foundation
import PolicyAudit
import PolicyReports

/// `pwaudit import --ntds FILE`: a directory audit (DirectoryAudit's `DirectoryImport`).
extension ImportCommand {
    /// `--ntds FILE`.
    static let ntds = Option<String>(
        "--ntds", valueName: "FILE",
        help: "Audit an NTDS extract (secretsdump's DOMAIN\\user:RID:LM:NT::: lines) instead of a CSV.")
    /// `--potfile FILE`.
    static let potfile = Option<String>(
        "--potfile", valueName: "FILE", help: "With --ntds: the hashcat potfile (NTHASH:password) of what was cracked.")
    /// `--groups FILE|DIR`, repeatable.
    static let groups = RepeatedOption<String>(
        "--groups", valueName: "FILE|DIR",
        help: "With --ntds: privileged groups, GROUP:user lines or a directory of files named after groups.")
    /// `--hibp-ntlm FILE`, repeatable.
    static let hibpNTLM = RepeatedOption<String>(
        "--hibp-ntlm", valueName: "FILE",
        help: "With --ntds: a Have I Been Pwned NTLM corpus to look every NT hash up in (beside the versions' own).")
    /// `--enabled-only`.
    static let enabledOnly = Flag("--enabled-only", help: "With --ntds: leave disabled accounts out.")
    /// `--include-machines`.
    static let includeMachines = Flag(
        "--include-machines", help: "With --ntds: audit machine accounts (names ending in $) too.")
    /// `--redact-accounts`.
    static let redactAccounts = Flag(
        "--redact-accounts", help: "With --ntds: store stable pseudonyms instead of account names.")

    /// The directory audit's options.
    static let directoryOptions: [any DeclaredOption] = [
        ntds, potfile, groups, hibpNTLM, enabledOnly, includeMachines, redactAccounts,
    ]

    /// Runs `import --ntds`: exit 0 when every line was read and every cracked account scored, 65 otherwise (the good
    /// lines are kept).
    static func runDirectory(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        _ = try arguments.positionals(count: 0...0, command: "import", what: "")
        // The CSV import's options mean nothing here: say so rather than ignore them.
        let csvOnly = [
            ("--rejects", arguments[rejects] != nil), ("--strict", arguments[strict]), ("--again", arguments[again]),
            ("--accounts", arguments[accounts]),
        ].filter(\.1).map(\.0)
        if let option = csvOnly.first {
            throw UsageError(
                "\(option) is an option of the CSV import; a directory audit (--ntds) keeps every good line and names "
                    + "each malformed one on stderr", command: "import")
        }
        var request = DirectoryImportRequest(extractPath: context.resolve(arguments[ntds]!))
        request.potfilePath = arguments[potfile].map(context.resolve)
        request.groupPaths = arguments[groups].map(context.resolve)
        request.corpusPaths = arguments[hibpNTLM].map(context.resolve)
        (request.enabledOnly, request.includeMachines) = (arguments[enabledOnly], arguments[includeMachines])
        (request.redactAccounts, request.label, request.strength) =
            (arguments[redactAccounts], arguments[label], arguments[strength])
        let workspace = try StoreOptions.openForFingerprinting(arguments, context: context)
        request.versions = try PolicyArgument.storedVersions(
            arguments[policy], workspace: workspace, command: "import")
        let stderr = context.stderr
        if stderr.isTerminal {
            request.progress = { progress in stderr.write("\r\u{1B}[K" + ProgressLine.text(progress)) }
        }
        let result = try DirectoryImport(workspace: workspace).run(request)
        if stderr.isTerminal { stderr.write("\r\u{1B}[K") }
        for line in result.malformed.prefix(10) { stderr.line("malformed \(line)") }
        if result.malformed.count > 10 { stderr.line("… \(result.malformed.count - 10) more malformed lines") }
        for rejection in result.scoring.firstRejections.prefix(10) {
            stderr.line("cracked account not scored (candidate line \(rejection.line)): \(rejection.reason.rawValue)")
        }
        let asJSON = arguments[ListingFormat.option] == .json
        context.stdout.write(asJSON ? result.json : result.line + "\n")
        return result.malformed.isEmpty && result.scoring.rejected == 0 ? .success : .dataError
    }
}
