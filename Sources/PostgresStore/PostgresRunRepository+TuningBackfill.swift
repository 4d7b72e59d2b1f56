import AuditRepositories

/// A version's tuning cells counted from the candidates' stored features (`init --backfill` of a run completed before
/// schema 13).
extension PostgresRunRepository {
    /// Counts version `versionID`'s tuning cells on run `runID` from the stored masks, lengths, class counts and
    /// strength scores: one `GROUP BY` over the run's candidate key range
    /// (`RunRepository.tuningCellsFromStoredFeatures`). The classes are bit 0 upper, 1 lower, 2 digit, 3 special, 4
    /// letter (upper, lower or other letter), 5 space, as the engine's `unicode` mode counts them.
    package func tuningCellsFromStoredFeatures(runID: Int64, versionID: Int64, lengthMaximum: Int?) throws
        -> [RunTuningCellRow]
    {
        let range = CandidateID.range(runID: runID)
        let longest = RunTuningCellRow.maximumLength
        return try connection.rows(
            """
            SELECT m, l, k, s, count(*) FROM (
                SELECT \(try maskExpression(runID: runID, versionID: versionID)) AS m,
                    CASE WHEN c.length > $3::bigint THEN 0 WHEN c.length > \(longest) THEN \(longest) ELSE c.length END AS l,
                    (c.upper_count > 0)::int | ((c.lower_count > 0)::int << 1) | ((c.digit_count > 0)::int << 2)
                        | ((c.special_count > 0)::int << 3)
                        | ((c.upper_count + c.lower_count + c.other_letter_count > 0)::int << 4)
                        | ((c.space_count > 0)::int << 5) AS k,
                    c.strength_score AS s
                FROM candidate c WHERE c.id BETWEEN $1 AND $2) AS feature
            WHERE m IS NOT NULL
            GROUP BY m, l, k, s ORDER BY m, l, k, s NULLS FIRST
            """,
            [.integer(range.lowerBound), .integer(range.upperBound), .integer(Int64(lengthMaximum ?? .max))]
        ).map { row in
            RunTuningCellRow(
                policyVersionID: versionID, failedMask: UInt64(bitPattern: try row.int64(at: 0)),
                length: try row.int(at: 1), classes: try row.int(at: 2),
                strengthScore: row.isNull(at: 3) ? nil : try row.int(at: 3), count: try row.int(at: 4))
        }
    }
}
