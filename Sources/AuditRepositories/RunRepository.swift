/// Import runs, as the import, rescore, reports and `RunLog` need them.
package protocol RunRepository {
    /// Records a new `running` run owned by this process (`StoredRun.pid` is its pid) that scores `versionIDs` (in
    /// that order: the order of every `CandidateBatch`'s masks for the run), and takes its lease. The run's id is new:
    /// above every run that exists or ever existed, so a deleted run's id is never reused.
    ///
    /// The lease is taken before the run is committed, so no other process ever sees it `running` and unheld
    /// (stale); when the run cannot be recorded, no lease is left held.
    /// - Returns: The run (status `running`, `isStale` false) and the lease, which the caller releases once the run
    ///   has ended (`complete`, `fail` or `discard`).
    func start(
        sourceName: String, sourceBytes: Int64, sourceSHA256: String, label: String?, versionIDs: [Int64],
        pwauditVersion: String
    ) throws -> LeasedRun
    /// Adds late versions (rescore) to run `runID`.
    func addVersions(runID: Int64, versionIDs: [Int64]) throws
    /// Marks the `running` run `runID` complete, with its finish time, its row counts and — known only once the input
    /// has been read to its end — its source's size and SHA-256.
    ///
    /// Joins the caller's `AuditStore.inTransaction` when called inside one (the run's summaries and its completion
    /// then commit together: a run is never complete without its summaries). Leaves the lease to its holder, who
    /// releases it once this change is committed.
    /// - Throws: When the run does not exist or is not `running` (a domain error naming the run and its status).
    func complete(
        runID: Int64, sourceBytes: Int64, sourceSHA256: String, rowsRead: Int, rowsAccepted: Int, rowsRejected: Int
    ) throws
    /// Marks the `running` run `runID` failed with its finish time, keeping its counts and what it committed (so
    /// `pwaudit runs` shows it failed, and `runs delete` removes it). Leaves the lease to its holder, as `complete`.
    /// - Throws: When the run does not exist or is not `running`.
    func fail(runID: Int64) throws
    /// Every run, newest first.
    func list() throws -> [StoredRun]
    /// Run `id`, if any.
    func run(id: Int64) throws -> StoredRun?
    /// The complete runs of a source with digest `sha256` that still hold their candidates (not pruned), newest first:
    /// the runs a new import of that source may repeat (it does when it reads the file alike, `RunCSVOptions`).
    func completeRuns(withSHA256 sha256: String) throws -> [StoredRun]
    /// Whether a complete run of a source of `sourceBytes` bytes that still holds its candidates (not pruned) exists.
    func hasCompleteRun(sourceBytes: Int64) throws -> Bool
    /// Deletes run `runID` with its candidates, attempts, rejected rows and summaries, and rows of runs that no longer
    /// exist; refused while the run is `running` and its lease is held (by any process, this one included), allowed
    /// once it is stale (`RunDeletion.wasStale`).
    @discardableResult
    func delete(runID: Int64) throws -> RunDeletion
    /// Deletes the run `lease` holds — this process's own, so never refused as being written — with everything it
    /// wrote (as `delete` does), and releases the lease: a `--strict` import that met a bad row, an import found at its
    /// end to repeat a complete run. The lease is released whether or not the delete succeeds.
    @discardableResult
    func discard(_ lease: any RunLease) throws -> RunDeletion
    /// Whether run `runID` exists.
    func exists(runID: Int64) throws -> Bool
    /// How the candidates of run `runID` scored under both versions A and B fare under each, counted by the store in
    /// aggregate queries (never a row per candidate handed out); a pruned run answers from the counts stored before its
    /// candidates were deleted.
    func unlockTransitions(runID: Int64, versionA: Int64, versionB: Int64) throws -> UnlockTransitionCounts
    /// The comparison counts of versions A and B stored for run `runID` (at import, rescore, backfill or prune), or
    /// nil when none are stored for that pair (a run imported before pwaudit stored them and not yet backfilled).
    func storedUnlockTransitions(runID: Int64, versionA: Int64, versionB: Int64) throws -> UnlockTransitionCounts?
    /// Stores `counts` as the comparison of versions A and B on run `runID`, replacing what was stored for the pair.
    func recordUnlockTransitions(_ counts: UnlockTransitionCounts, runID: Int64, versionA: Int64, versionB: Int64)
        throws
    /// The ordered pairs of run `runID`'s versions whose comparison counts are stored.
    func storedUnlockTransitionPairs(runID: Int64) throws -> [(versionA: Int64, versionB: Int64)]
    /// Version `versionID`'s tuning cells on run `runID` counted from what the store holds of each candidate (its
    /// failure mask under the version, its stored length and class counts, its strength score): exact for a version
    /// that reads tuning features as the stored features are counted (`unicode` mode, NFKC, no length credits), whose
    /// first length rule's maximum is `lengthMaximum` (nil: no length rule); lengths over it count as 0, others over
    /// `RunTuningCellRow.maximumLength` as that. One aggregate query; the candidates scored under the version only.
    func tuningCellsFromStoredFeatures(runID: Int64, versionID: Int64, lengthMaximum: Int?) throws
        -> [RunTuningCellRow]
    /// The candidates of run `runID` with their source line numbers, by id.
    func candidateLines(runID: Int64) throws -> [(id: Int64, line: Int)]
    /// The candidates of run `runID` with their stored strength estimates (nil: none stored), by id.
    func candidateStrengths(runID: Int64) throws -> [(id: Int64, strength: CandidateStrength?)]
    /// Stores `strengths[i]` as the estimate of run `runID`'s candidate `candidateIDs[i]` (a rescore that estimates the
    /// candidates of a run imported without strength); joins the caller's `AuditStore.inTransaction`.
    func recordStrengths(runID: Int64, candidateIDs: [Int64], strengths: [CandidateStrength]) throws
    /// The CSV options run `runID` read its file with, or nil when none were recorded (a run from before schema 10
    /// not rescored since, or one that read no CSV).
    func csvOptions(runID: Int64) throws -> RunCSVOptions?
    /// Records the CSV options run `runID` read its file with; a run keeps the options it was first given, except that
    /// time options a run lacks (recorded before schema 14, nil) are filled from `options`.
    func recordCSVOptions(_ options: RunCSVOptions, runID: Int64) throws
}

extension RunRepository {
    /// The most recent complete, unpruned run of a source with digest `sha256`, if any.
    package func completeRun(withSHA256 sha256: String) throws -> StoredRun? {
        try completeRuns(withSHA256: sha256).first
    }
}
