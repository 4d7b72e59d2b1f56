import PolicyAudit
import PolicyReports

/// `pwaudit runs list` (and `pwaudit runs`): every import run with its status, size, source and versions.
enum RunsListCommand: CLICommand {
    static let help = CommandHelp(
        name: "runs list", overview: "List import runs, stale ones included.",
        usage: ["runs [list] [--format text|json]"],
        discussion: """
            A run is 'complete' only after its last commit. A run whose import was killed stays 'running' (shown as
            'stale' once its process is gone) or 'failed'; reports ignore it, and 'pwaudit runs delete ID' removes it.
            A run whose candidates 'pwaudit prune' deleted shows 'complete, pruned': its reports remain.
            """)

    static let options: [any DeclaredOption] = [ListingFormat.option] + StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        _ = try arguments.positionals(count: 0...0, command: help.name, what: "")
        let workspace = try StoreOptions.openReadOnly(arguments, context: context)
        let library = PolicyLibrary(workspace: workspace)
        let references = Dictionary(uniqueKeysWithValues: try library.list().map { ($0.id, $0.reference) })
        let runs = try RunLog(workspace: workspace).list()
        if arguments[ListingFormat.option] == .json {
            context.stdout.write(
                ListingFormat.json(
                    kind: "runs",
                    [
                        "runs": runs.map { run -> [String: Any?] in
                            [
                                "id": Int(run.id), "status": run.displayStatus, "pruned_at": run.prunedAt,
                                "started_at": run.startedAt, "finished_at": run.finishedAt,
                                "rows_read": run.rowsRead, "rows_accepted": run.rowsAccepted,
                                "rows_rejected": run.rowsRejected, "source_file": run.sourceName,
                                "source_size_bytes": Int(run.sourceBytes), "source_sha256": run.sourceSHA256,
                                "versions": run.versionIDs.compactMap { references[$0] }, "label": run.label,
                            ]
                        }
                    ]))
            return .success
        }
        let rows = runs.map { run in
            [
                String(run.id), run.displayStatus + (run.prunedAt == nil ? "" : ", pruned"),
                String(run.startedAt.prefix(19)),
                ReportNumber.grouped(run.rowsRead), ReportNumber.grouped(run.rowsRejected), run.sourceName,
                run.versionIDs.compactMap { references[$0] }.joined(separator: ","), run.label ?? "",
            ]
        }
        context.stdout.write(
            PlainTable(
                header: ["RUN", "STATUS", "STARTED", "ROWS", "REJECTED", "SOURCE", "VERSIONS", "LABEL"], rows: rows
            ).rendered())
        return .success
    }
}
