/// Import runs, as the import, rescore, reports and `RunLog` need them.
package protocol RunRepository {
    /// Starts a `running` run scoring `versionIDs`.
    func start(
        sourceName: String, sourceBytes: Int64, sourceSHA256: String, label: String?, versionIDs: [Int64],
        pwauditVersion: String
    ) throws -> StoredRun
    /// Adds late versions (rescore) to run `runID`.
    func addVersions(runID: Int64, versionIDs: [Int64]) throws
    /// Marks run `runID` complete with its source's size, digest and row counts.
    func complete(
        runID: Int64, sourceBytes: Int64, sourceSHA256: String, rowsRead: Int, rowsAccepted: Int, rowsRejected: Int
    ) throws
    /// Marks run `runID` failed.
    func fail(runID: Int64) throws
    /// Releases this process's import lock on run `runID`.
    func releaseImportLock(runID: Int64)
    /// Every run, newest first.
    func list() throws -> [StoredRun]
    /// Run `id`, if any.
    func run(id: Int64) throws -> StoredRun?
    /// The most recent complete run of a source with digest `sha256` that still holds its candidates (not pruned), if
    /// any: the run a new import of that source would repeat.
    func completeRun(withSHA256 sha256: String) throws -> StoredRun?
    /// Whether a complete run of a source of `sourceBytes` bytes that still holds its candidates (not pruned) exists.
    func hasCompleteRun(sourceBytes: Int64) throws -> Bool
    /// Deletes run `runID` (refused while its import runs) and rows of runs that no longer exist.
    @discardableResult
    func delete(runID: Int64) throws -> RunDeletion
    /// Deletes this process's own run `runID` (an import that stored nothing).
    @discardableResult
    func discard(runID: Int64) throws -> RunDeletion
    /// Whether run `runID` exists.
    func exists(runID: Int64) throws -> Bool
    /// How the candidates of run `runID` scored under both versions A and B fare under each, counted by the store in
    /// one grouped pass per figure (never a row per candidate); a pruned run answers from the counts stored before its
    /// candidates were deleted.
    func unlockTransitions(runID: Int64, versionA: Int64, versionB: Int64) throws -> UnlockTransitionCounts
    /// The candidates of run `runID` with their source line numbers, by id.
    func candidateLines(runID: Int64) throws -> [(id: Int64, line: Int)]
    /// The CSV options run `runID` read its file with, or nil when none were recorded (a run from before schema 10
    /// not rescored since, or one that read no CSV).
    func csvOptions(runID: Int64) throws -> RunCSVOptions?
    /// Records the CSV options run `runID` read its file with; a run keeps the options it was first given.
    func recordCSVOptions(_ options: RunCSVOptions, runID: Int64) throws
}
