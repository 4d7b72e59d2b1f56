import AuditRepositories
import PolicyAudit
import PolicyReports

/// `pwaudit history`: a policy's unlock rate and top blocking rule per run, day, week or month.
enum HistoryCommand: CLICommand {
    static let help = CommandHelp(
        name: "history",
        overview: "Show how a policy's unlock rate and top blocking rule moved across runs or over time.",
        usage: [
            "history [--policy NAME[@N]] [--by run|day|week|month] [--since DATE] [--until DATE] [--in-force] "
                + "[--format table|json|csv|markdown|html] [--output FILE]"
        ],
        discussion: """
            Without --in-force every stored version is its own series: one bucket per run (or period) and version.
            With --in-force a candidate counts under the version with the greatest effective date not after its
            submission day; candidates whose in-force version their run did not score are counted as not scored
            and listed. Only complete runs count; candidates without submitted_at appear only in run buckets
            without --in-force.
            Example: pwaudit history --policy corp --by month --in-force --since 2026-01-01
            """)

    /// `--policy NAME[@N]`.
    static let policy = Option<String>(
        "--policy", valueName: "NAME[@N]", help: "The policy (needed when several are stored); @N keeps one version.")
    /// `--by B`: run, day, week or month (any case).
    static let bucketKind = Option<HistoryBucketKind>(
        "--by", valueName: "B", help: "run (default), day, week (ISO, 2026-W48) or month, by submission day (UTC)."
    ) { text, option, command in
        guard let kind = HistoryBucketKind(rawValue: text.lowercased()) else {
            throw UsageError("\(option) must be run, day, week or month, not '\(text)'", command: command)
        }
        return kind
    }
    /// `--since DATE`, as the day `YYYY-MM-DD`.
    static let since = Option<String>(
        "--since", valueName: "DATE", help: "First submission day included (YYYY-MM-DD); run buckets: run start day.",
        parse: day)
    /// `--until DATE`, as the day `YYYY-MM-DD`.
    static let until = Option<String>(
        "--until", valueName: "DATE", help: "Last submission day included (YYYY-MM-DD); run buckets: run start day.",
        parse: day)
    /// `--in-force`.
    static let inForce = Flag(
        "--in-force", help: "Judge each candidate by the version in force on its submission day.")

    static let options: [any DeclaredOption] =
        [policy, bucketKind, since, until, inForce] + ReportOutput.all + StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        _ = try arguments.positionals(count: 0...0, command: "history", what: "")
        var request = HistoryRequest(policyName: "")
        if let kind = arguments[bucketKind] { request.bucketKind = kind }
        request.mode = arguments[inForce] ? .inForce : .byVersion
        request.since = arguments[since]
        request.until = arguments[until]
        if let since = request.since, let until = request.until, since > until {
            throw UsageError("--since \(since) is after --until \(until)", command: "history")
        }
        let workspace = try StoreOptions.openReadOnly(arguments, context: context)
        if let text = arguments[policy] {
            let reference = try PolicyArgument.reference(text, command: "history")
            if reference.version != nil && request.mode == .inForce {
                throw UsageError(
                    "--in-force judges by the version in force; pass --policy NAME without @N", command: "history")
            }
            (request.policyName, request.version) = (reference.name, reference.version)
        } else {
            let names = Set(try PolicyLibrary(workspace: workspace).latestOfEveryPolicy().map(\.name)).sorted()
            guard let only = names.first else { throw AuditStoreError.noPolicies }
            guard names.count == 1 else {
                throw UsageError(
                    "several policies are stored (\(names.joined(separator: ", "))); name one with --policy NAME",
                    command: "history")
            }
            request.policyName = only
        }
        let report = try HistoryReportBuilder(workspace: workspace).build(request)
        return try ReportOutput.emit(.history(report), command: "history", arguments: arguments, context: context)
    }

    /// The UTC day `YYYY-MM-DD` a `--since`/`--until` value names (a date, or the UTC day of a time).
    /// - Throws: `UsageError` when it is not a date.
    private static func day(_ text: String, option: String, command: String) throws -> String {
        guard let instant = EffectiveDate.instant(text) else {
            throw UsageError("\(option) must be a date YYYY-MM-DD, not '\(text)'", command: command)
        }
        return String(instant.prefix(10))
    }
}
