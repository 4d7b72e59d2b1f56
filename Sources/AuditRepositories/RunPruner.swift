/// Retention as `RunPrune` needs it: which runs are old enough, prune one, give the space back.
package protocol RunPruner {
    /// Complete, unpruned runs that finished before `before`, with their candidate and attempt counts.
    func targets(finishedBefore before: String) throws -> [RunPruneTarget]
    /// Runs whose import is running now.
    func importsRunning() throws -> [StoredRun]
    /// Deletes run `runID`'s candidates and attempts, keeping what its reports read, and marks it pruned now.
    func prune(runID: Int64) throws
    /// Checkpoints and vacuums, so that the file shrinks.
    func reclaimSpace() throws
    /// The bytes of the database and its WAL.
    func fileBytes() -> Int64
}
