import PolicyAudit
import PolicyStore

/// `pwaudit runs`: lists import runs (stale ones included) and deletes them.
enum RunsCommand: CLICommand {
    static let help = CommandHelp(
        name: "runs",
        overview: "List import runs, or delete one with everything it stored.",
        usage: ["runs [list]", "runs delete ID"],
        discussion: """
            A run is 'complete' only after its last commit. A run whose import was killed stays 'running' (shown as
            'stale' once its process is gone) or 'failed'; reports ignore it, and 'pwaudit runs delete ID' removes it.
            A run still being imported is not deleted (exit 65). Deleting also removes rows an older pwaudit left of
            runs that no longer exist.
            """)

    static let options = StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        let operands = arguments.positionals
        switch operands.first {
        case nil, "list":
            guard operands.count <= 1 else { throw UsageError("unexpected argument '\(operands[1])'", command: "runs") }
            let workspace = try StoreOptions.openReadOnly(arguments, context: context)
            let library = PolicyLibrary(workspace: workspace)
            let references = Dictionary(uniqueKeysWithValues: try library.list().map { ($0.id, $0.reference) })
            let rows = try workspace.runs.list().map { run in
                [
                    String(run.id), run.displayStatus, String(run.startedAt.prefix(19)),
                    ReportNumber.grouped(run.rowsRead), ReportNumber.grouped(run.rowsRejected), run.sourceName,
                    run.versionIDs.compactMap { references[$0] }.joined(separator: ","), run.label ?? "",
                ]
            }
            context.stdout.write(
                PlainTable(
                    header: ["RUN", "STATUS", "STARTED", "ROWS", "REJECTED", "SOURCE", "VERSIONS", "LABEL"], rows: rows
                ).rendered())
            return .success
        case "delete":
            guard operands.count == 2, let id = Int64(operands[1]) else {
                throw UsageError("'runs delete' needs one run ID", command: "runs delete")
            }
            let workspace = try StoreOptions.open(arguments, context: context)
            let deletion = try workspace.runs.delete(runID: id)
            if deletion.orphanRows > 0 {
                context.stderr.line(
                    "note: removed \(ReportNumber.grouped(deletion.orphanRows)) orphan row(s) of runs deleted by an "
                        + "older pwaudit")
            }
            guard deletion.deleted else { throw AuditStoreError.unknownRun(reference: operands[1]) }
            context.stdout.line("deleted run \(id)\(deletion.wasStale ? " (stale: its import had died)" : "")")
            return .success
        default:
            throw UsageError("unknown subcommand 'runs \(operands[0])'", command: "runs")
        }
    }
}
