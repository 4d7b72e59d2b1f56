/// A directory audit's accounts and summary (`directory_account`, `run_directory_summary`, schema 15): written in the
/// run's completing transaction, deleted with the run; `pwaudit prune` deletes the accounts and keeps the summary.
package protocol DirectoryRepository {
    /// Writes the audit's summary and accounts for `runID` (a running run), replacing any written before.
    func write(summary: RunDirectorySummary, accounts: [DirectoryAccountRow], runID: Int64) throws
    /// The summary of `runID`, or nil when it is no directory audit.
    func summary(runID: Int64) throws -> RunDirectorySummary?
    /// The accounts of `runID` in ordinal order (none once pruned).
    func accounts(runID: Int64) throws -> [DirectoryAccountRow]
}
