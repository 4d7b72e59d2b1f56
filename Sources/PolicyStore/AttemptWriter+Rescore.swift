import AuditRepositories

/// The rescore's path: outcomes of stored candidates under a version added to their run after the import.
extension AttemptWriter {
    /// Inserts the outcome of each stored candidate of `candidateIDs` under `versionID` (`masks[i]` is candidate
    /// `i`'s failure mask) as rows of `attempt_row`, through the statement the import's batches use.
    ///
    /// Runs inside the caller's transaction — the one that adds the version to the run and its summaries, so a
    /// rescore lands whole or not at all — with SQLite's own foreign-key checks on, and writes every row before it
    /// returns. The version must be one the run scores without an inline slot (`SQLiteRunRepository.addVersions`
    /// gives a late version none), else `SQLITE_CONSTRAINT_FOREIGNKEY`; a candidate that does not exist fails the
    /// same way and a second outcome for a candidate and version as a primary-key violation. On an error the caller
    /// rolls back.
    /// - Parameters:
    ///   - candidateIDs: Candidates of run `runID`, already stored.
    ///   - masks: One failure mask per candidate; bit `i` set when rule `i` of the version failed.
    package func insertOutcomes(runID: Int64, versionID: Int64, candidateIDs: [Int64], masks: [UInt64])
        throws(SQLiteError)
    {
        precondition(candidateIDs.count == masks.count, "one mask per candidate")
        precondition(!ownsTransaction, "finish the writer's own transaction first")
        precondition(database.isInsideTransaction, "insertOutcomes runs inside the caller's transaction")
        let range = CandidateID.range(runID: runID)
        precondition(candidateIDs.allSatisfy(range.contains), "candidates of run \(runID)")
        let statement = try database.cachedStatement(
            "SELECT slot IS NULL FROM import_run_policy WHERE run_id = ?1 AND policy_version_id = ?2")
        statement.bind(runID, at: 1)
        statement.bind(versionID, at: 2)
        let scored = try statement.step()
        let late = scored && statement.int64(at: 0) != 0
        statement.reset()
        guard scored else {
            throw foreignKeyError("attempt.policy_version_id is not a policy version of the candidate's run")
        }
        // An inline version's outcomes were written with its candidates.
        guard late else { throw primaryKeyError() }
        defer { attempts.removeAll(keepingCapacity: true) }
        for (candidateID, mask) in zip(candidateIDs, masks) {
            attempts.append(
                PendingAttempt(
                    candidateID: candidateID, versionID: versionID, failedMask: Int64(bitPattern: mask),
                    unlocksReset: mask == 0 ? 1 : 0))
            if attempts.count == attemptInsert.rowsPerStatement * 16 { try flushAttempts(all: false) }
        }
        try flushAttempts(all: true)
    }
}
