import AuditRepositories

/// The use cases around stored import runs: list them, delete one.
package struct RunLog {
    private let workspace: AuditWorkspace

    /// A log over the workspace's runs.
    package init(workspace: AuditWorkspace) { self.workspace = workspace }

    /// Every run, newest first, stale ones included.
    package func list() throws -> [StoredRun] { try workspace.runs.list() }

    /// Deletes run `runID` with everything it stored (refused while its import is still running), and any rows an
    /// older pwaudit left of runs that no longer exist.
    package func delete(runID: Int64) throws -> RunDeletion {
        try workspace.runs.delete(runID: runID)
    }
}
