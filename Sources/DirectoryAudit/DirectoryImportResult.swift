import AuditRepositories
import PolicyAudit

/// What a directory audit stored: the scoring import's result, the summary and the totals, and every line of the
/// inputs that could not be read.
package struct DirectoryImportResult {
    /// The import of the cracked accounts (the run, its versions, its accepted and rejected candidates).
    package var scoring: CSVImportResult
    /// The run's directory summary, as stored.
    package var summary: RunDirectorySummary
    /// The totals of the accounts' findings.
    package var counts: DirectoryCounts
    /// Lines of the extract, the potfile and the groups files that could not be read (each other line was kept).
    package var malformed: [MalformedLine]

    /// The run.
    package var runID: Int64? { scoring.runID }
}
