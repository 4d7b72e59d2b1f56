import AuditRepositories
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
        let runReference = arguments[Self.runReference]
        let workspace = try StoreOptions.openReadOnly(arguments, context: context)
        let builder = RunReportBuilder(workspace: workspace)
        let run = try builder.run(runReference)
        let versions = try selectedVersions(arguments[policy], run: run, workspace: workspace)
        return try ReportOutput.emit(
            .run(try builder.build(run: run, versions: versions)), command: "report", arguments: arguments,
            context: context)
    }

    /// The versions `--policy` names: `NAME@N` as is, `NAME` as every version of NAME that `run` scored.
    private static func selectedVersions(
        _ references: [String], run: StoredRun, workspace: AuditWorkspace
    ) throws -> [StoredVersion] {
        let library = PolicyLibrary(workspace: workspace)
        var selected: [StoredVersion] = []
        for text in references {
            let reference = try PolicyArgument.reference(text, command: "report")
            if reference.version != nil {
                selected.append(try library.version(reference))
                continue
            }
            _ = try library.version(reference)
            let scored = try library.list().filter { $0.name == reference.name && run.versionIDs.contains($0.id) }
            guard !scored.isEmpty else { throw ReportError.versionNotScored(reference: reference.name, runID: run.id) }
            selected += scored
        }
        var seen = Set<Int64>()
        return selected.filter { seen.insert($0.id).inserted }
    }
}
