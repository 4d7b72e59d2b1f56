import AuditRepositories

/// A version's tuning cells counted from the candidates' stored features (`init --backfill` of a run completed before
/// schema 13).
extension SQLiteRunRepository {
    /// Counts version `versionID`'s tuning cells on run `runID` from the stored masks, lengths, class counts and
    /// strength scores: one `GROUP BY` over the run's candidate range (`RunRepository.tuningCellsFromStoredFeatures`).
    /// The classes are bit 0 upper, 1 lower, 2 digit, 3 special, 4 letter (upper, lower or other letter), 5 space, as
    /// the engine's `unicode` mode counts them.
    package func tuningCellsFromStoredFeatures(
        runID: Int64, versionID: Int64, lengthMaximum: Int?
    ) throws(SQLiteError) -> [RunTuningCellRow] {
        let range = CandidateID.range(runID: runID)
        let mask = try maskExpression(runID: runID, versionID: versionID, parameter: 4)
        let limit = mask.hasPrefix("c.mask_") ? "" : " LIMIT -1"
        // SQLite gives <<, >>, & and | one precedence, left to right: every shift is parenthesized. A mask read from
        // attempt_row is looked up once per candidate (`LIMIT -1` keeps the subquery from being flattened).
        let statement = try database.cachedStatement(
            """
            SELECT m, l, k, s, count(*) FROM (
                SELECT \(mask) AS m,
                    CASE WHEN c.length > ?3 THEN 0 WHEN c.length > \(RunTuningCellRow.maximumLength)
                        THEN \(RunTuningCellRow.maximumLength) ELSE c.length END AS l,
                    (c.upper_count > 0) | ((c.lower_count > 0) << 1) | ((c.digit_count > 0) << 2)
                        | ((c.special_count > 0) << 3)
                        | ((c.upper_count + c.lower_count + c.other_letter_count > 0) << 4)
                        | ((c.space_count > 0) << 5) AS k,
                    c.strength_score AS s
                FROM candidate c WHERE c.id BETWEEN ?1 AND ?2 AND ?4 IS NOT NULL\(limit))
            WHERE m IS NOT NULL
            GROUP BY m, l, k, s ORDER BY m, l, k, s
            """)
        defer { statement.reset() }
        statement.bind([
            .integer(range.lowerBound), .integer(range.upperBound), .integer(Int64(lengthMaximum ?? .max)),
            .integer(versionID),
        ])
        var rows: [RunTuningCellRow] = []
        while try statement.step() {
            rows.append(
                RunTuningCellRow(
                    policyVersionID: versionID, failedMask: UInt64(bitPattern: statement.int64(at: 0)),
                    length: statement.int(at: 1), classes: statement.int(at: 2),
                    strengthScore: statement.isNull(at: 3) ? nil : statement.int(at: 3), count: statement.int(at: 4)))
        }
        return rows
    }
}
