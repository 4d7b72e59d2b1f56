import AuditRepositories

/// What a rescore and `compare` read of a run, and the CSV options it read its file with (schema 10).
extension PostgresRunRepository {
    /// The run's candidates in import order: id and source line.
    package func candidateLines(runID: Int64) throws -> [(id: Int64, line: Int)] {
        let range = CandidateID.range(runID: runID)
        var lines: [(id: Int64, line: Int)] = []
        try connection.forEachRow(
            "SELECT id, line FROM candidate WHERE id BETWEEN $1 AND $2 ORDER BY id",
            [.integer(range.lowerBound), .integer(range.upperBound)]
        ) { row in lines.append((try row.int64(at: 0), try row.int(at: 1))) }
        return lines
    }

    /// The candidates of run `runID` with their stored strength estimates, by id.
    package func candidateStrengths(runID: Int64) throws -> [(id: Int64, strength: CandidateStrength?)] {
        let range = CandidateID.range(runID: runID)
        var rows: [(id: Int64, strength: CandidateStrength?)] = []
        try connection.forEachRow(
            "SELECT id, strength_score, strength_log10 FROM candidate WHERE id BETWEEN $1 AND $2 ORDER BY id",
            [.integer(range.lowerBound), .integer(range.upperBound)]
        ) { row in
            let strength =
                row.isNull(at: 1)
                ? nil
                : CandidateStrength(
                    score: UInt8(try row.int(at: 1)), log10Tenths: Int32((try row.double(at: 2) * 10).rounded()))
            rows.append((try row.int64(at: 0), strength))
        }
        return rows
    }

    /// Stores each candidate's strength estimate: one `UPDATE … FROM unnest(…)` per 50,000 candidates, inside the
    /// caller's transaction.
    package func recordStrengths(runID: Int64, candidateIDs: [Int64], strengths: [CandidateStrength]) throws {
        precondition(candidateIDs.count == strengths.count, "one estimate per candidate")
        let range = CandidateID.range(runID: runID)
        precondition(candidateIDs.allSatisfy(range.contains), "candidates of run \(runID)")
        for start in stride(from: 0, to: candidateIDs.count, by: 50_000) {
            let end = min(start + 50_000, candidateIDs.count)
            let ids = candidateIDs[start..<end].map { String($0) }
            let scores = strengths[start..<end].map { String($0.score) }
            let tenths = strengths[start..<end].map { String($0.log10Tenths) }
            _ = try connection.execute(
                """
                UPDATE candidate AS c SET strength_score = u.score, strength_log10 = u.tenths / 10.0
                FROM unnest($1::bigint[], $2::int[], $3::int[]) AS u(id, score, tenths) WHERE c.id = u.id
                """,
                [
                    .text(PostgresSummaryRepository.arrayText(ids)), .text(PostgresSummaryRepository.arrayText(scores)),
                    .text(PostgresSummaryRepository.arrayText(tenths)),
                ])
        }
    }

    /// The options recorded for run `runID`, or nil.
    package func csvOptions(runID: Int64) throws -> RunCSVOptions? {
        guard
            let row = try connection.firstRow(
                """
                SELECT password_column, username_column, email_column, id_column, time_column, delimiter,
                    time_format, time_zone
                FROM import_run_csv_options WHERE run_id = $1
                """, [.integer(runID)])
        else { return nil }
        return RunCSVOptions(
            passwordColumn: row.string(at: 0) ?? "", usernameColumn: row.string(at: 1) ?? "",
            emailColumn: row.string(at: 2) ?? "", idColumn: row.string(at: 3) ?? "",
            timeColumn: row.string(at: 4) ?? "", delimiter: row.string(at: 5) ?? "",
            timeFormat: row.string(at: 6), timeZone: row.string(at: 7))
    }

    /// Records `options` for run `runID` unless it has options already (the first stay), filling in time options the
    /// run lacks (a row from before schema 14).
    package func recordCSVOptions(_ options: RunCSVOptions, runID: Int64) throws {
        _ = try connection.execute(
            """
            INSERT INTO import_run_csv_options AS o (run_id, password_column, username_column, email_column, id_column,
                time_column, delimiter, time_format, time_zone)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
            ON CONFLICT (run_id) DO UPDATE SET
                time_format = coalesce(o.time_format, excluded.time_format),
                time_zone = coalesce(o.time_zone, excluded.time_zone)
            """,
            [
                .integer(runID), .text(options.passwordColumn), .text(options.usernameColumn),
                .text(options.emailColumn), .text(options.idColumn), .text(options.timeColumn),
                .text(options.delimiter), options.timeFormat.map(SQLValue.text) ?? .null,
                options.timeZone.map(SQLValue.text) ?? .null,
            ])
    }

    /// Counts the run's candidates scored under both `versionA` and `versionB` per unlock cell, and the rules of B
    /// failed by those A unlocks: two aggregate queries over the run's key range, nothing per candidate in Swift.
    /// Counts stored for the pair (`storedUnlockTransitions`: written at import, rescore, backfill and prune) answer
    /// instead.
    package func unlockTransitions(runID: Int64, versionA: Int64, versionB: Int64) throws -> UnlockTransitionCounts {
        if let stored = try storedUnlockTransitions(runID: runID, versionA: versionA, versionB: versionB) {
            return stored
        }
        let range = CandidateID.range(runID: runID)
        let bounds: [SQLValue] = [.integer(range.lowerBound), .integer(range.upperBound)]
        let pairs = """
            (SELECT \(try maskExpression(runID: runID, versionID: versionA)) AS a,
                \(try maskExpression(runID: runID, versionID: versionB)) AS b
            FROM candidate c WHERE c.id BETWEEN $1 AND $2) AS pair
            """
        var counts = UnlockTransitionCounts()
        if let row = try connection.firstRow(
            """
            SELECT count(*), count(*) FILTER (WHERE a = 0), count(*) FILTER (WHERE b = 0),
                count(*) FILTER (WHERE a = 0 AND b = 0)
            FROM \(pairs) WHERE a IS NOT NULL AND b IS NOT NULL
            """, bounds)
        {
            counts = UnlockTransitionCounts(
                scored: try row.int(at: 0), unlockedUnderA: try row.int(at: 1), unlockedUnderB: try row.int(at: 2),
                unlockedUnderBoth: try row.int(at: 3))
        }
        let bits = try ruleBits(versionID: versionB)
        let sums = bits.map { "coalesce(sum((b >> \($0)) & 1), 0)" }
        if let row = try connection.firstRow(
            "SELECT \(sums.joined(separator: ", ")) FROM \(pairs) WHERE a = 0 AND b <> 0", bounds)
        {
            for (column, bit) in bits.enumerated() { counts.addFailures(try row.int(at: column), ofRuleBit: bit) }
        }
        return counts
    }

    /// The rule bits of version `versionID`: 0 up to its highest rule's, or all 64 for a version without rules.
    private func ruleBits(versionID: Int64) throws -> [Int] {
        guard
            let row = try connection.firstRow(
                "SELECT max(bit) FROM policy_rule WHERE policy_version_id = $1", [.integer(versionID)]),
            !row.isNull(at: 0)
        else { return Array(0..<64) }
        return Array(0...min(try row.int(at: 0), 63))
    }

    /// Candidate `c`'s mask under `versionID`: `c.mask_<slot>` when the run stores the version inline, else a lookup
    /// in `attempt_row` (the id is an integer, written into the SQL as one).
    func maskExpression(runID: Int64, versionID: Int64) throws -> String {
        if let row = try connection.firstRow(
            "SELECT slot FROM import_run_policy WHERE run_id = $1 AND policy_version_id = $2",
            [.integer(runID), .integer(versionID)]), !row.isNull(at: 0), let slot = try row.optionalInt(at: 0),
            (0...3).contains(slot)
        {
            return "c.mask_\(slot)"
        }
        return
            "(SELECT r.failed_mask FROM attempt_row r WHERE r.candidate_id = c.id AND r.policy_version_id = \(versionID))"
    }
}
