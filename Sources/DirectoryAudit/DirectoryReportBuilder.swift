import AuditRepositories
import PolicyAudit
import PolicyReports

/// Reads a directory run's section from the store: its summary, its accounts and, from the run's report, how many
/// cracked accounts each version accepts.
package struct DirectoryReportBuilder {
    let workspace: AuditWorkspace

    /// A builder over `workspace`.
    package init(workspace: AuditWorkspace) { self.workspace = workspace }

    /// The directory section of `report`'s run, or nil when the report covers several runs or its run is no
    /// directory audit.
    package func build(for report: RunReport) throws -> DirectoryReport? {
        guard report.runs.count <= 1, let runID = report.run?.runID,
            let summary = try workspace.directory.summary(runID: runID)
        else { return nil }
        let versions = report.versions.map {
            DirectoryReport.VersionPass(policy: $0.policy.reference, scored: $0.total, passing: $0.unlocked)
        }
        return DirectoryReport(
            runID: runID, summary: summary, accounts: try workspace.directory.accounts(runID: runID),
            versions: versions)
    }
}
