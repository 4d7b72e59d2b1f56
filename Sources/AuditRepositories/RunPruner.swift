import AuditTime

/// Retention as `RunPrune` needs it: which runs are old enough, prune one, give the space back.
package protocol RunPruner {
    /// Complete, unpruned runs that finished before `before`, with their candidate and attempt counts.
    func targets(finishedBefore before: UTCInstant) throws -> [RunPruneTarget]
    /// Deletes run `runID`'s candidates and attempts, keeping what its reports read, and marks it pruned now.
    func prune(runID: Int64) throws
    /// Gives the space the pruned rows held back, as far as the store can (a file store shrinks its file).
    func reclaimSpace() throws
    /// The bytes the store occupies, when it can tell; nil when it cannot.
    func occupiedBytes() -> Int64?
}
