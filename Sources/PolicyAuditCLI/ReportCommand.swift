import PolicyAudit
import PolicyReports

/// `pwaudit report`: one complete run scored under its policy versions, from the stored summaries.
enum ReportCommand: CLICommand {
    static let help = CommandHelp(
        name: "report",
        overview: "Report how a run's candidates fare under each policy version: unlocked, rules, near misses.",
        usage: [
            "report [--run ID|latest] [--policy NAME[@N]]... [--format table|json|csv|markdown|html] [--output FILE]"
        ],
        discussion: """
            Per version: candidates unlocked, failures per rule by impact, near misses (exactly one failing rule),
            the most common pairs of failing rules; then length histogram, class composition, password reuse,
            rejected rows by reason and the run's provenance. Reports never contain a password or a fingerprint.
            Examples:
              pwaudit report
              pwaudit report --run 3 --policy corp@2 --policy corp@3 --format html --output report.html
            """)

    /// `--run ID|latest`.
    static let runReference = Option<String>.runReference(
        "--run", help: "The complete run to report on (default: the latest complete import).")
    /// `--policy NAME[@N]`, repeatable.
    static let policy = RepeatedOption<String>(
        "--policy", valueName: "NAME[@N]",
        help: "Only this version (NAME alone: every version of NAME the run scored); repeatable.")

    static let options: [any DeclaredOption] = [runReference, policy] + ReportOutput.all + StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        _ = try arguments.positionals(count: 0...0, command: "report", what: "")
        let workspace = try StoreOptions.openReadOnly(arguments, context: context)
        let policies = try arguments[policy].map { try PolicyArgument.reference($0, command: "report") }
        let report = try RunReportBuilder(workspace: workspace).build(run: arguments[runReference], policies: policies)
        return try ReportOutput.emit(.run(report), command: "report", arguments: arguments, context: context)
    }
}
