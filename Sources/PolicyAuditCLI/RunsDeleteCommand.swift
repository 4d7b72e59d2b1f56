import AuditRepositories
import PolicyAudit
import PolicyReports

/// `pwaudit runs delete`: removes one run with everything it stored.
enum RunsDeleteCommand: CLICommand {
    static let help = CommandHelp(
        name: "runs delete", overview: "Delete a run with everything it stored.", usage: ["runs delete ID"],
        arguments: [.init("ID", "The run id (see 'pwaudit runs').")],
        discussion: """
            A stale or failed run is deleted (and said to be stale); a run still being imported is not (exit 65).
            Deleting also removes rows an older pwaudit left of runs that no longer exist.
            """)

    static let options = StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        let operands = arguments.positionals
        guard operands.count == 1, let id = Int64(operands[0]) else {
            throw UsageError("'runs delete' needs one run ID", command: help.name)
        }
        let workspace = try StoreOptions.open(arguments, context: context)
        let deletion = try RunLog(workspace: workspace).delete(runID: id)
        if deletion.orphanRows > 0 {
            context.stderr.line(
                "note: removed \(ReportNumber.grouped(deletion.orphanRows)) orphan row(s) of runs deleted by an "
                    + "older pwaudit")
        }
        guard deletion.deleted else { throw AuditStoreError.unknownRun(reference: operands[0]) }
        context.stdout.line("deleted run \(id)\(deletion.wasStale ? " (stale: its import had died)" : "")")
        return .success
    }
}
