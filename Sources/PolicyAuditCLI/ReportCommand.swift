import DirectoryAudit
import Foundation
import PolicyAudit
import PolicyReports

/// `pwaudit report`: one complete run scored under its policy versions, from the stored summaries.
enum ReportCommand: CLICommand {
    static let help = CommandHelp(
        name: "report",
        overview: "Report how a run's candidates fare under each policy version: unlocked, rules, near misses.",
        usage: [
            "report [--run ID|latest] [--policy NAME[@N]]... [--format table|json|csv|markdown|html] [--output FILE]",
            "report (--runs ID,ID,...|--label LABEL) [--policy NAME[@N]]... [--format F] [--output FILE]",
        ],
        discussion: """
            Per version: candidates unlocked, failures per rule by impact, near misses (exactly one failing rule),
            the most common pairs of failing rules; then length histogram, class composition, password reuse,
            rejected rows by reason and the run's provenance. Reports never contain a password or a fingerprint.
            --runs and --label add several complete runs up into one report (one audit imported in pieces): every
            figure that adds is summed; password reuse, which does not add across runs, is shown per run; a version
            scored by only some of the runs counts their candidates and says so.
            Examples:
              pwaudit report
              pwaudit report --run 3 --policy corp@2 --policy corp@3 --format html --output report.html
              pwaudit report --label 2026-Q1 --format json
            """)

    /// `--run ID|latest`.
    static let runReference = Option<String>.runReference(
        "--run", help: "The complete run to report on (default: the latest complete import).")
    /// `--runs ID,ID,...`: run ids to add up.
    static let runs = Option<[Int64]>(
        "--runs", valueName: "ID,ID,...", help: "Add up these complete runs into one report (e.g. 3,4,5)."
    ) { text, option, command in
        let ids = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Int64($0.trimmingCharacters(in: .whitespaces))
        }
        guard !ids.isEmpty, ids.allSatisfy({ ($0 ?? 0) > 0 }) else {
            throw UsageError("option '\(option)' must be run ids separated by commas, not '\(text)'", command: command)
        }
        return ids.compactMap { $0 }
    }
    /// `--label LABEL`: every complete run with the label, added up.
    static let label = Option<String>(
        "--label", valueName: "LABEL", help: "Add up every complete run with this label into one report.")
    /// `--policy NAME[@N]`, repeatable.
    static let policy = RepeatedOption<String>(
        "--policy", valueName: "NAME[@N]",
        help: "Only this version (NAME alone: every version of NAME the run scored); repeatable.")

    static let options: [any DeclaredOption] =
        [runReference, runs, label, policy] + ReportOutput.all + StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        _ = try arguments.positionals(count: 0...0, command: "report", what: "")
        let selection = try selection(arguments)
        let workspace = try StoreOptions.openReadOnly(arguments, context: context)
        let policies = try arguments[policy].map { try PolicyArgument.reference($0, command: "report") }
        let report = try RunReportBuilder(workspace: workspace).build(runs: selection, policies: policies)
        guard let directory = try DirectoryReportBuilder(workspace: workspace).build(for: report) else {
            return try ReportOutput.emit(.run(report), command: "report", arguments: arguments, context: context)
        }
        return try ReportOutput.emit(command: "report", arguments: arguments, context: context) { format, color in
            directory.appended(to: Report.run(report).rendered(as: format, useColor: color), format: format)
        }
    }

    /// The runs `--run`, `--runs` and `--label` name; at most one of them may be given.
    private static func selection(_ arguments: ParsedArguments) throws -> ReportRunSelection {
        let given = [
            (runReference.name, arguments[runReference] != nil), (runs.name, arguments[runs] != nil),
            (label.name, arguments[label] != nil),
        ].filter(\.1).map { "'\($0.0)'" }
        guard given.count <= 1 else {
            throw UsageError(
                "options \(given.joined(separator: " and ")) cannot be combined: give one run, a list or a label",
                command: "report")
        }
        if let ids = arguments[runs] { return .several(ids) }
        if let label = arguments[label] { return .labelled(label) }
        return .one(arguments[runReference])
    }
}
