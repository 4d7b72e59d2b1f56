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
}
