import AuditRepositories

extension SQLiteSummaryRepository {
    /// The bucket columns of `run_breach_summary`, in `RunBreachSummaryRow.bucketBounds` order.
    static let breachColumns = "seen_once, seen_2_to_10, seen_11_to_100, seen_101_to_1000, seen_over_1000"

    /// Breach-corpus matches by breach count of `runID`, per version with a breach-corpus rule.
    package func breaches(runID: Int64) throws(SQLiteError) -> [RunBreachSummaryRow] {
        try query(
            "SELECT policy_version_id, \(Self.breachColumns) FROM run_breach_summary WHERE run_id = ?1"
                + " ORDER BY policy_version_id", [.integer(runID)]
        ) { row in
            RunBreachSummaryRow(policyVersionID: row.int64(at: 0), buckets: (1...5).map { row.int(at: Int32($0)) })
        }
    }

    /// Candidates and unlocked ones per strength score of `runID`, by version then score.
    package func strength(runID: Int64) throws(SQLiteError) -> [RunStrengthSummaryRow] {
        try query(
            "SELECT policy_version_id, score, candidates, unlocked FROM run_strength_summary WHERE run_id = ?1"
                + " ORDER BY policy_version_id, score", [.integer(runID)]
        ) { row in
            RunStrengthSummaryRow(
                policyVersionID: row.int64(at: 0), score: row.int(at: 1), candidates: row.int(at: 2),
                unlocked: row.int(at: 3))
        }
    }

    /// The tuning cells of `runID` (every version, or `versionID`'s), in key order.
    package func tuningCells(runID: Int64, versionID: Int64? = nil) throws(SQLiteError) -> [RunTuningCellRow] {
        let filter = versionID == nil ? "" : " AND policy_version_id = ?2"
        return try query(
            "SELECT policy_version_id, failed_mask, length, classes, strength_score, count FROM run_tuning_cell"
                + " WHERE run_id = ?1\(filter)"
                + " ORDER BY policy_version_id, failed_mask, length, classes, strength_score NULLS FIRST",
            [.integer(runID)] + (versionID.map { [.integer($0)] } ?? [])
        ) { row in
            RunTuningCellRow(
                policyVersionID: row.int64(at: 0), failedMask: UInt64(bitPattern: row.int64(at: 1)),
                length: row.int(at: 2), classes: row.int(at: 3),
                strengthScore: row.isNull(at: 4) ? nil : row.int(at: 4),
                count: row.int(at: 5))
        }
    }

    /// The tuning cells of version `versionID` in `runID`, in key order.
    package func tuningCells(runID: Int64, versionID: Int64) throws(SQLiteError) -> [RunTuningCellRow] {
        try tuningCells(runID: runID, versionID: Optional(versionID))
    }
}
