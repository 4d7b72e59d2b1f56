import PolicyAudit

/// `pwaudit history`: a policy's unlock rate and top blocking rule per run, day, week or month.
enum HistoryCommand: CLICommand {
    static let help = CommandHelp(
        name: "history",
        overview: "Show how a policy's unlock rate and top blocking rule moved across runs or over time.",
        usage: [
            "history [--policy NAME[@N]] [--by run|day|week|month] [--since DATE] [--until DATE] [--in-force] "
                + "[--format table|json|csv|markdown|html] [--output FILE]"
        ],
        options: [
            .init("--policy NAME[@N]", "The policy (needed when several are stored); @N keeps one version."),
            .init("--by B", "run (default), day, week (ISO, 2026-W48) or month, by submission day (UTC)."),
            .init("--since DATE", "First submission day included (YYYY-MM-DD); run buckets: run start day."),
            .init("--until DATE", "Last submission day included (YYYY-MM-DD); run buckets: run start day."),
            .init("--in-force", "Judge each candidate by the version in force on its submission day."),
        ] + ReportOutput.help + StoreOptions.help + [.init("-h, --help", "Show help.")],
        discussion: """
            Without --in-force every stored version is its own series: one bucket per run (or period) and version.
            With --in-force a candidate counts under the version with the greatest effective date not after its
            submission day; candidates whose in-force version their run did not score are counted as not scored
            and listed. Only complete runs count; candidates without submitted_at appear only in run buckets
            without --in-force.
            Example: pwaudit history --policy corp --by month --in-force --since 2026-01-01
            """)

    static let spec = ParsedArguments.Spec(
        values: StoreOptions.names.union(ReportOutput.names).union(["--policy", "--by", "--since", "--until"]),
        flags: ["--in-force"], aliases: ReportOutput.aliases)

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        _ = try arguments.positionals(count: 0...0, command: "history", what: "")
        _ = try ReportOutput.format(arguments)
        var request = HistoryRequest(policyName: "")
        if let text = arguments.value("--by") {
            guard let kind = HistoryBucketKind(rawValue: text.lowercased()) else {
                throw UsageError("--by must be run, day, week or month, not '\(text)'", command: "history")
            }
            request.bucketKind = kind
        }
        request.mode = arguments.flag("--in-force") ? .inForce : .byVersion
        request.since = try day(arguments, "--since")
        request.until = try day(arguments, "--until")
        if let since = request.since, let until = request.until, since > until {
            throw UsageError("--since \(since) is after --until \(until)", command: "history")
        }
        let workspace = try StoreOptions.openReadOnly(arguments, context: context)
        if let text = arguments.value("--policy") {
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

    private static func day(_ arguments: ParsedArguments, _ option: String) throws -> String? {
        guard let text = arguments.value(option) else { return nil }
        guard let normalized = EffectiveDate.normalized(text) else {
            throw UsageError("\(option) must be a date YYYY-MM-DD, not '\(text)'", command: "history")
        }
        return String(normalized.prefix(10))
    }
}
