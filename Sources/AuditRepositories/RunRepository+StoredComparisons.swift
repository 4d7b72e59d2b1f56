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

    /// The ordered pairs of `versionIDs` (versions run `runID` scores) whose comparison counts are not stored.
    package func unlockTransitionPairsMissing(runID: Int64, versionIDs: [Int64]) throws -> [(Int64, Int64)] {
        let stored = Set(try storedUnlockTransitionPairs(runID: runID).map { [$0.versionA, $0.versionB] })
        return versionIDs.flatMap { a in
            versionIDs.filter { $0 != a && !stored.contains([a, $0]) }.map { (a, $0) }
        }
    }

    /// Counts, from the run's stored outcomes, the comparison of every ordered pair of `versionIDs` that has none
    /// stored, and stores it (rescore, backfill): exact while the run holds its candidates.
    /// - Returns: How many pairs were stored.
    @discardableResult
    package func storeMissingUnlockTransitions(runID: Int64, versionIDs: [Int64]) throws -> Int {
        let missing = try unlockTransitionPairsMissing(runID: runID, versionIDs: versionIDs)
        for (a, b) in missing {
            let counts = try unlockTransitions(runID: runID, versionA: a, versionB: b)
            try recordUnlockTransitions(counts, runID: runID, versionA: a, versionB: b)
        }
        return missing.count
    }
}
