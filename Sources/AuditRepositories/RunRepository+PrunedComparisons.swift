extension RunRepository {
    /// What a pruner keeps of run `runID` before it deletes the run's attempts, so that `compare` still reads the run:
    /// the comparison counts of every ordered pair of the versions it scores.
    /// - Throws: `AuditStoreError.unknownRun` when there is no such run; the store's errors.
    package func unlockTransitionsOfEveryPair(
        runID: Int64
    ) throws -> [(versionA: Int64, versionB: Int64, counts: UnlockTransitionCounts)] {
        guard let run = try run(id: runID) else { throw AuditStoreError.unknownRun(reference: "\(runID)") }
        return try run.versionIDs.flatMap { a in
            try run.versionIDs.filter { $0 != a }.map { b in
                (a, b, try unlockTransitions(runID: runID, versionA: a, versionB: b))
            }
        }
    }
}
