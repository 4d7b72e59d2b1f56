import PolicyStore

/// Retention as `RunPrune` needs it: which runs are old enough, prune one, give the space back.
package protocol RunPruner {
    /// Complete, unpruned runs that finished before `before`, with their candidate and attempt counts.
    func targets(finishedBefore before: String) throws(SQLiteError) -> [RunPruneTarget]
    /// Runs whose import is running now.
    func importsRunning() throws(SQLiteError) -> [RunRecord]
    /// Deletes run `runID`'s candidates and attempts, keeping what its reports read, and marks it pruned at `time`.
    func prune(runID: Int64, at time: String) throws
    /// Checkpoints and vacuums, so that the file shrinks.
    func reclaimSpace() throws(SQLiteError)
    /// The bytes of the database and its WAL.
    func fileBytes() -> Int64
}

extension SQLiteRunPruner: RunPruner {}
