import PolicyStore

/// The use cases around stored import runs: list them, delete one.
package struct RunLog {
    private let workspace: AuditWorkspace

    /// A log over the workspace's runs.
    package init(workspace: AuditWorkspace) { self.workspace = workspace }

    /// Every run, newest first, stale ones included.
    package func list() throws -> [StoredRun] { try workspace.runs.list().map(StoredRun.init) }

    /// Deletes run `runID` with everything it stored (refused while its import is still running), and any rows an
    /// older pwaudit left of runs that no longer exist.
    package func delete(runID: Int64) throws -> RunRemoval {
        let deletion = try workspace.runs.delete(runID: runID)
        return RunRemoval(deleted: deletion.deleted, wasStale: deletion.wasStale, orphanRows: deletion.orphanRows)
    }
}
