import AuditRepositories

/// The per-run summary tables (`run_*_summary`, migrations/postgresql/0001, 0005 and 0008) on PostgreSQL, so reports
/// never rescan attempts: the same rows, in the same order, as `SQLiteSummaryRepository` gives.
///
/// `write(runID:summary:)` replaces a run's summaries in one transaction, each table's rows by one
/// `COPY … FROM STDIN`. Rows come back in key order (compositions and rejects most frequent first).
package struct PostgresSummaryRepository: SummaryRepository {
    private let connection: PostgresConnection

    /// Creates a repository over a migrated database.
    package init(connection: PostgresConnection) { self.connection = connection }

    /// The bucket columns of `run_breach_summary`, in `RunBreachSummaryRow.bucketBounds` order.
    static let breachColumns = "seen_once, seen_2_to_10, seen_11_to_100, seen_101_to_1000, seen_over_1000"

    private static let tables = [
        "run_version_summary", "run_rule_summary", "run_rule_pair_summary", "run_length_summary",
        "run_composition_summary", "run_reuse_summary", "run_reject_summary", "run_day_summary",
        "run_day_rule_summary", "run_breach_summary", "run_strength_summary", "run_tuning_cell",
    ]

    /// Replaces all summaries of `runID` with `summary`, in one transaction.
    package func write(runID: Int64, summary: RunSummary) throws {
        try connection.inTransaction {
            for table in Self.tables {
                _ = try connection.execute("DELETE FROM \(table) WHERE run_id = $1", [.integer(runID)])
            }
            try copy("run_version_summary (run_id, policy_version_id, total, unlocked, near_miss)", summary.versions) {
                w, row in
                w.add(runID)
                w.add(row.policyVersionID)
                w.add(row.total)
                w.add(row.unlocked)
                w.add(row.nearMiss)
            }
            try copy("run_rule_summary (run_id, policy_version_id, bit, failures, only_failure)", summary.rules) {
                w, row in
                w.add(runID)
                w.add(row.policyVersionID)
                w.add(row.bit)
                w.add(row.failures)
                w.add(row.onlyFailure)
            }
            try copy("run_rule_pair_summary (run_id, policy_version_id, bit_a, bit_b, failures)", summary.rulePairs) {
                w, row in
                w.add(runID)
                w.add(row.policyVersionID)
                w.add(row.bitA)
                w.add(row.bitB)
                w.add(row.failures)
            }
            try copy("run_length_summary (run_id, length, count)", summary.lengths) { w, row in
                w.add(runID)
                w.add(row.length)
                w.add(row.count)
            }
            try copy("run_composition_summary (run_id, composition, count)", summary.compositions) { w, row in
                w.add(runID)
                w.add(row.composition)
                w.add(row.count)
            }
            try copy(
                "run_reuse_summary (run_id, distinct_fingerprints, shared_groups, shared_candidates, largest_group)",
                summary.reuse.map { [$0] } ?? []
            ) { w, row in
                w.add(runID)
                w.add(row.distinctFingerprints)
                w.add(row.sharedGroups)
                w.add(row.sharedCandidates)
                w.add(row.largestGroup)
            }
            try copy("run_reject_summary (run_id, reason, count)", summary.rejects) { w, row in
                w.add(runID)
                w.add(row.reason)
                w.add(row.count)
            }
            try copy("run_day_summary (run_id, policy_version_id, day, total, unlocked)", summary.days) { w, row in
                w.add(runID)
                w.add(row.policyVersionID)
                w.add(Self.storedDay(row.day))
                w.add(row.total)
                w.add(row.unlocked)
            }
            try copy("run_day_rule_summary (run_id, policy_version_id, day, bit, failures)", summary.dayRules) {
                w, row in
                w.add(runID)
                w.add(row.policyVersionID)
                w.add(Self.storedDay(row.day))
                w.add(row.bit)
                w.add(row.failures)
            }
            try copy("run_breach_summary (run_id, policy_version_id, \(Self.breachColumns))", summary.breaches) {
                w, row in
                w.add(runID)
                w.add(row.policyVersionID)
                for count in row.buckets { w.add(count) }
            }
            try copy("run_strength_summary (run_id, policy_version_id, score, candidates, unlocked)", summary.strength)
            {
                w, row in
                w.add(runID)
                w.add(row.policyVersionID)
                w.add(row.score)
                w.add(row.candidates)
                w.add(row.unlocked)
            }
            try copy(
                "run_tuning_cell (run_id, policy_version_id, failed_mask, length, classes, strength_score, count)",
                summary.tuning
            ) { w, row in
                w.add(runID)
                w.add(row.policyVersionID)
                w.add(Int64(bitPattern: row.failedMask))
                w.add(row.length)
                w.add(row.classes)
                w.add(row.strengthScore)
                w.add(row.count)
            }
        }
    }

    /// Replaces run `runID`'s account rows: per username, the run's candidate with the latest `submitted_at` (ties and
    /// accounts without times: the lowest candidate id, as SQLite's `max()` keeps the first row it meets) and the
    /// account's candidate count, from one sorted pass over the run's candidates (their id range).
    package func writeAccounts(runID: Int64) throws {
        let range = CandidateID.range(runID: runID)
        try connection.inTransaction {
            _ = try connection.execute("DELETE FROM run_account_summary WHERE run_id = $1", [.integer(runID)])
            _ = try connection.execute(
                """
                INSERT INTO run_account_summary (run_id, username, submitted_at, candidate_id, candidates)
                SELECT DISTINCT ON (username) $1::bigint, username, submitted_at, id,
                    count(*) OVER (PARTITION BY username)
                FROM candidate
                WHERE id BETWEEN $2 AND $3 AND username IS NOT NULL
                ORDER BY username, submitted_at DESC NULLS LAST, id
                """, [.integer(runID), .integer(range.lowerBound), .integer(range.upperBound)])
        }
    }

    /// Reads every summary of `runID` (all parts empty and `reuse` nil if none were written).
    package func read(runID: Int64) throws -> RunSummary {
        try connection.inTransaction(.readOnly) {
            RunSummary(
                versions: try versions(runID: runID), rules: try rules(runID: runID),
                rulePairs: try rulePairs(runID: runID), lengths: try lengths(runID: runID),
                compositions: try compositions(runID: runID), reuse: try reuse(runID: runID),
                rejects: try rejects(runID: runID), days: try days(runID: runID), dayRules: try dayRules(runID: runID),
                breaches: try breaches(runID: runID), strength: try strength(runID: runID),
                tuning: try tuningCells(runID: runID, versionID: nil))
        }
    }

    /// Totals per version of `runID`.
    package func versions(runID: Int64) throws -> [RunVersionSummaryRow] {
        try rows(
            "SELECT policy_version_id, total, unlocked, near_miss FROM run_version_summary WHERE run_id = $1"
                + " ORDER BY policy_version_id", runID
        ) {
            RunVersionSummaryRow(
                policyVersionID: try $0.int64(at: 0), total: try $0.int(at: 1), unlocked: try $0.int(at: 2),
                nearMiss: try $0.int(at: 3))
        }
    }

    /// Rule failures per version of `runID`.
    package func rules(runID: Int64) throws -> [RunRuleSummaryRow] {
        try rows(
            "SELECT policy_version_id, bit, failures, only_failure FROM run_rule_summary WHERE run_id = $1"
                + " ORDER BY policy_version_id, bit", runID
        ) {
            RunRuleSummaryRow(
                policyVersionID: try $0.int64(at: 0), bit: try $0.int(at: 1), failures: try $0.int(at: 2),
                onlyFailure: try $0.int(at: 3))
        }
    }

    /// Rule-pair failures per version of `runID`.
    package func rulePairs(runID: Int64) throws -> [RunRulePairSummaryRow] {
        try rows(
            "SELECT policy_version_id, bit_a, bit_b, failures FROM run_rule_pair_summary WHERE run_id = $1"
                + " ORDER BY policy_version_id, bit_a, bit_b", runID
        ) {
            RunRulePairSummaryRow(
                policyVersionID: try $0.int64(at: 0), bitA: try $0.int(at: 1), bitB: try $0.int(at: 2),
                failures: try $0.int(at: 3))
        }
    }

    /// Length histogram of `runID`.
    package func lengths(runID: Int64) throws -> [RunLengthSummaryRow] {
        try rows("SELECT length, count FROM run_length_summary WHERE run_id = $1 ORDER BY length", runID) {
            RunLengthSummaryRow(length: try $0.int(at: 0), count: try $0.int(at: 1))
        }
    }

    /// Composition counts of `runID`, most frequent first (ties by label, in byte order as SQLite compares).
    package func compositions(runID: Int64) throws -> [RunCompositionSummaryRow] {
        try rows(
            "SELECT composition, count FROM run_composition_summary WHERE run_id = $1"
                + " ORDER BY count DESC, composition COLLATE \"C\"", runID
        ) { RunCompositionSummaryRow(composition: $0.string(at: 0) ?? "", count: try $0.int(at: 1)) }
    }

    /// Fingerprint reuse of `runID`, or nil if not written.
    package func reuse(runID: Int64) throws -> RunReuseSummaryRow? {
        try rows(
            "SELECT distinct_fingerprints, shared_groups, shared_candidates, largest_group FROM run_reuse_summary"
                + " WHERE run_id = $1", runID
        ) {
            RunReuseSummaryRow(
                distinctFingerprints: try $0.int(at: 0), sharedGroups: try $0.int(at: 1),
                sharedCandidates: try $0.int(at: 2), largestGroup: try $0.int(at: 3))
        }.first
    }

    /// Rejected-row counts of `runID`, most frequent first (ties by reason, in byte order).
    package func rejects(runID: Int64) throws -> [RunRejectSummaryRow] {
        try rows(
            "SELECT reason, count FROM run_reject_summary WHERE run_id = $1 ORDER BY count DESC, reason COLLATE \"C\"",
            runID
        ) { RunRejectSummaryRow(reason: $0.string(at: 0) ?? "", count: try $0.int(at: 1)) }
    }

    /// Per-day totals of `runID` (days as `YYYY-MM-DD`), in SQLite's order (`dayOrdered`).
    package func days(runID: Int64) throws -> [RunDaySummaryRow] {
        Self.dayOrdered(
            try rows(
                "SELECT policy_version_id, day, total, unlocked FROM run_day_summary WHERE run_id = $1"
                    + " ORDER BY policy_version_id, day", runID
            ) {
                RunDaySummaryRow(
                    policyVersionID: try $0.int64(at: 0), day: Self.summaryDay($0.string(at: 1) ?? ""),
                    total: try $0.int(at: 2), unlocked: try $0.int(at: 3))
            }, version: \.policyVersionID, day: \.day)
    }

    /// Per-day rule failures of `runID`, in SQLite's order (`dayOrdered`; bits ascending within a day).
    package func dayRules(runID: Int64) throws -> [RunDayRuleSummaryRow] {
        Self.dayOrdered(
            try rows(
                "SELECT policy_version_id, day, bit, failures FROM run_day_rule_summary WHERE run_id = $1"
                    + " ORDER BY policy_version_id, day, bit", runID
            ) {
                RunDayRuleSummaryRow(
                    policyVersionID: try $0.int64(at: 0), day: Self.summaryDay($0.string(at: 1) ?? ""),
                    bit: try $0.int(at: 2), failures: try $0.int(at: 3))
            }, version: \.policyVersionID, day: \.day)
    }

    /// Per-day rule failures of `runID` under `versionIDs` only, filtered by the server (the primary key's prefix).
    package func dayRules(runID: Int64, versionIDs: [Int64]) throws -> [RunDayRuleSummaryRow] {
        let versions = "{" + versionIDs.map(String.init).joined(separator: ",") + "}"
        return Self.dayOrdered(
            try connection.rows(
                "SELECT policy_version_id, day, bit, failures FROM run_day_rule_summary"
                    + " WHERE run_id = $1 AND policy_version_id = ANY ($2::bigint[]) ORDER BY policy_version_id, day, bit",
                [.integer(runID), .text(versions)]
            ).map {
                RunDayRuleSummaryRow(
                    policyVersionID: try $0.int64(at: 0), day: Self.summaryDay($0.string(at: 1) ?? ""),
                    bit: try $0.int(at: 2), failures: try $0.int(at: 3))
            }, version: \.policyVersionID, day: \.day)
    }

    /// Breach-corpus matches by breach count of `runID`, per version with a breach-corpus rule.
    package func breaches(runID: Int64) throws -> [RunBreachSummaryRow] {
        try rows(
            "SELECT policy_version_id, \(Self.breachColumns) FROM run_breach_summary WHERE run_id = $1"
                + " ORDER BY policy_version_id", runID
        ) { row in
            RunBreachSummaryRow(policyVersionID: try row.int64(at: 0), buckets: try (1...5).map { try row.int(at: $0) })
        }
    }

    /// Candidates and unlocked ones per strength score of `runID`, by version then score.
    package func strength(runID: Int64) throws -> [RunStrengthSummaryRow] {
        try rows(
            "SELECT policy_version_id, score, candidates, unlocked FROM run_strength_summary WHERE run_id = $1"
                + " ORDER BY policy_version_id, score", runID
        ) { row in
            RunStrengthSummaryRow(
                policyVersionID: try row.int64(at: 0), score: try row.int(at: 1), candidates: try row.int(at: 2),
                unlocked: try row.int(at: 3))
        }
    }

    /// The tuning cells of version `versionID` in `runID`, in key order.
    package func tuningCells(runID: Int64, versionID: Int64) throws -> [RunTuningCellRow] {
        try tuningCells(runID: runID, versionID: Optional(versionID))
    }

    /// The tuning cells of `runID` (every version, or `versionID`'s), in key order.
    private func tuningCells(runID: Int64, versionID: Int64?) throws -> [RunTuningCellRow] {
        let filter = versionID == nil ? "" : " AND policy_version_id = $2"
        return try connection.rows(
            "SELECT policy_version_id, failed_mask, length, classes, strength_score, count FROM run_tuning_cell"
                + " WHERE run_id = $1\(filter)"
                + " ORDER BY policy_version_id, failed_mask, length, classes, strength_score NULLS FIRST",
            [.integer(runID)] + (versionID.map { [.integer($0)] } ?? [])
        ).map { row in
            RunTuningCellRow(
                policyVersionID: try row.int64(at: 0), failedMask: UInt64(bitPattern: try row.int64(at: 1)),
                length: try row.int(at: 2), classes: try row.int(at: 3),
                strengthScore: row.isNull(at: 4) ? nil : try row.int(at: 4), count: try row.int(at: 5))
        }
    }

    /// The day summaries of `versionIDs` in `runIDs` added up per version and period by the server (`GROUP BY` on the
    /// period's first day, `date_trunc` of the day), so `history` reads a row per period instead of one per run and
    /// day. The bounds compare the day's text in byte order, as `HistoryRequest.includes(day:)` does; with either
    /// bound, the days that are no date (`infinity`, `-infinity`) are left out.
    package func periodSums(
        runIDs: [Int64], versionIDs: [Int64], grouping: SummaryDayGrouping, since: String?, until: String?
    ) throws -> PeriodSums? {
        let period = Self.periodExpression(grouping, column: "day")
        let bounds = Self.dayBounds(
            column: "day", since: since, until: until,
            after: [.text(Self.arrayText(runIDs.map(String.init))), .text(Self.arrayText(versionIDs.map(String.init)))])
        let filter = "run_id = ANY ($1::bigint[]) AND policy_version_id = ANY ($2::bigint[])" + bounds.filter
        return try connection.inTransaction(.readOnly) {
            let days = try connection.rows(
                "SELECT policy_version_id, \(period) AS period, sum(total)::bigint, sum(unlocked)::bigint"
                    + " FROM run_day_summary WHERE \(filter) GROUP BY 1, 2", bounds.values
            ).map {
                RunDaySummaryRow(
                    policyVersionID: try $0.int64(at: 0), day: Self.summaryDay($0.string(at: 1) ?? ""),
                    total: try $0.int(at: 2), unlocked: try $0.int(at: 3))
            }
            let dayRules = try connection.rows(
                "SELECT policy_version_id, \(period) AS period, bit, sum(failures)::bigint"
                    + " FROM run_day_rule_summary WHERE \(filter) GROUP BY 1, 2, 3", bounds.values
            ).map {
                RunDayRuleSummaryRow(
                    policyVersionID: try $0.int64(at: 0), day: Self.summaryDay($0.string(at: 1) ?? ""),
                    bit: try $0.int(at: 2), failures: try $0.int(at: 3))
            }
            return PeriodSums(days: days, dayRules: dayRules)
        }
    }

    /// In-force history's day summaries added up by the server: each span's days joined to its scoring version's day
    /// rows and grouped per span and period, and the candidates of the unjudged spans' days and of the days that are
    /// no date (a day's candidates: the day's total under the run's first version, as every version a run scored saw
    /// every candidate) grouped per run, span and period, so `history --in-force` reads a row per span and period
    /// instead of one per run and day. Bounds as `periodSums`.
    package func inForceSums(
        spans: [InForceSpan], grouping: SummaryDayGrouping?, since: String?, until: String?
    ) throws -> InForceSums? {
        let spanValues: [SQLValue] = [
            .text(Self.arrayText(spans.map { String($0.runID) })),
            .text(Self.arrayText(spans.map(\.firstDay))), .text(Self.arrayText(spans.map(\.endDay))),
            .text(Self.arrayText(spans.map { $0.scoredVersionID.map(String.init) })),
        ]
        let spanTable = """
            m AS MATERIALIZED (SELECT run_id, first_day::date, end_day::date, scored_id, ord - 1 AS span
                FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[]) WITH ORDINALITY
                    AS u(run_id, first_day, end_day, scored_id, ord))
            """
        let inSpan = "(m.first_day IS NULL OR s.day >= m.first_day) AND (m.end_day IS NULL OR s.day < m.end_day)"
        let period = Self.periodExpression(grouping, column: "s.day")
        let judged = Self.dayBounds(column: "s.day", since: since, until: until, after: spanValues)
        let runs = Array(Set(spans.map(\.runID))).sorted().map(String.init)
        let unjudged = Self.dayBounds(
            column: "d.day", since: since, until: until, after: spanValues + [.text(Self.arrayText(runs))])
        return try connection.inTransaction(.readOnly) {
            let scored = try connection.rows(
                """
                WITH \(spanTable)
                SELECT m.span, \(period), sum(s.total)::bigint, sum(s.unlocked)::bigint
                FROM m CROSS JOIN LATERAL (\(Self.spanRows("run_day_summary"))) AS s
                WHERE isfinite(s.day)\(judged.filter) GROUP BY 1, 2
                """, judged.values
            ).map {
                InForceScoredRow(
                    span: try $0.int(at: 0), period: $0.string(at: 1).map(Self.summaryDay), total: try $0.int(at: 2),
                    unlocked: try $0.int(at: 3))
            }
            let failures = try connection.rows(
                """
                WITH \(spanTable)
                SELECT m.span, \(period), s.bit, sum(s.failures)::bigint
                FROM m CROSS JOIN LATERAL (\(Self.spanRows("run_day_rule_summary"))) AS s
                WHERE isfinite(s.day)\(judged.filter) GROUP BY 1, 2, 3
                """, judged.values
            ).map {
                InForceFailureRow(
                    span: try $0.int(at: 0), period: $0.string(at: 1).map(Self.summaryDay), bit: try $0.int(at: 2),
                    failures: try $0.int(at: 3))
            }
            let unjudgedRows = try connection.rows(
                """
                WITH \(spanTable),
                s AS (SELECT d.run_id, d.day, d.total FROM unnest($5::bigint[]) AS r(run_id)
                    CROSS JOIN LATERAL (SELECT min(policy_version_id) AS id FROM run_day_summary v
                        WHERE v.run_id = r.run_id) AS probe
                    JOIN run_day_summary d ON d.run_id = r.run_id AND d.policy_version_id = probe.id
                    WHERE true\(unjudged.filter))
                SELECT s.run_id, m.span, \(period), count(*), sum(s.total)::bigint, min(s.day), max(s.day)
                FROM s LEFT JOIN m ON m.run_id = s.run_id AND m.scored_id IS NULL AND isfinite(s.day) AND \(inSpan)
                WHERE NOT isfinite(s.day) OR m.span IS NOT NULL GROUP BY 1, 2, 3
                """, unjudged.values
            ).map {
                InForceUnjudgedRow(
                    runID: try $0.int64(at: 0), span: try $0.optionalInt(at: 1),
                    period: $0.string(at: 2).map(Self.summaryDay), days: try $0.int(at: 3),
                    candidates: try $0.int(at: 4), firstDay: Self.summaryDay($0.string(at: 5) ?? ""),
                    lastDay: Self.summaryDay($0.string(at: 6) ?? ""))
            }
            return InForceSums(scored: scored, failures: failures, unjudged: unjudgedRows)
        }
    }

    /// The rows of `table` on span `m`'s days under its scoring version: a range of the primary key, read span by span
    /// (`OFFSET 0` keeps the planner from hashing the whole table instead).
    static func spanRows(_ table: String) -> String {
        "SELECT * FROM \(table) WHERE run_id = m.run_id AND policy_version_id = m.scored_id"
            + " AND day >= coalesce(m.first_day, '-infinity') AND day < coalesce(m.end_day, 'infinity') OFFSET 0"
    }

    /// The SQL of a day `column`'s period for `grouping` (its first day), NULL without grouping.
    static func periodExpression(_ grouping: SummaryDayGrouping?, column: String) -> String {
        switch grouping {
        case nil: "NULL::date"
        case .day: column
        case .week: "date_trunc('week', \(column)::timestamp)::date"
        case .month: "date_trunc('month', \(column)::timestamp)::date"
        }
    }

    /// The conditions (each after ` AND `) keeping a day `column` from `since` to `until` (`YYYY-MM-DD`, inclusive,
    /// compared as text in byte order as `HistoryRequest.includes(day:)` does; with either bound, no `infinity` or
    /// `-infinity`), and `values` followed by the bounds' parameters.
    static func dayBounds(
        column: String, since: String?, until: String?, after values: [SQLValue]
    ) -> (filter: String, values: [SQLValue]) {
        var filter = ""
        var values = values
        if since != nil || until != nil { filter += " AND isfinite(\(column))" }
        if let since {
            values.append(.text(since))
            filter += " AND \(column)::text COLLATE \"C\" >= $\(values.count)"
        }
        if let until {
            values.append(.text(until))
            filter += " AND \(column)::text COLLATE \"C\" <= $\(values.count)"
        }
        return (filter, values)
    }

    /// `items` as an array literal (`{1,NULL,2026-01-01}`; the items need no quotes: numbers and days).
    static func arrayText(_ items: [String?]) -> String {
        "{" + items.map { $0 ?? "NULL" }.joined(separator: ",") + "}"
    }

    /// Copies `rows` into `target` ("table (columns)") with one `COPY … FROM STDIN`; nothing for no rows.
    /// A summary day as the `date` column holds it: the two days that are not dates, a candidate without a time
    /// (`none`) and one with an unreadable time (`invalid`), are `infinity` and `-infinity`.
    static func storedDay(_ day: String) -> String {
        switch day {
        case "none": "infinity"
        case "invalid": "-infinity"
        default: day
        }
    }

    /// A `date` as the server writes it (`YYYY-MM-DD`, `infinity`, `-infinity`) as the summaries carry it:
    /// `storedDay` undone.
    static func summaryDay(_ text: String) -> String {
        switch text {
        case "infinity": "none"
        case "-infinity": "invalid"
        default: text
        }
    }

    /// `rows`, read in the primary key's order (per version: `-infinity`, the dates, `infinity`, so the server sorts
    /// nothing), put in the order SQLite gives its day text: per version the dates, then `invalid`, then `none`.
    static func dayOrdered<Row>(_ rows: [Row], version: KeyPath<Row, Int64>, day: KeyPath<Row, String>) -> [Row] {
        var ordered: [Row] = []
        ordered.reserveCapacity(rows.count)
        var start = rows.startIndex
        while start < rows.endIndex {
            let id = rows[start][keyPath: version]
            let end = rows[start...].firstIndex { $0[keyPath: version] != id } ?? rows.endIndex
            let group = rows[start..<end]
            let invalid = group.prefix { $0[keyPath: day] == "invalid" }
            let rest = group.dropFirst(invalid.count)
            let none = rest.reversed().prefix { $0[keyPath: day] == "none" }.count
            ordered += rest.dropLast(none)
            ordered += invalid
            ordered += rest.suffix(none)
            start = end
        }
        return ordered
    }

    private func copy<Row>(_ target: String, _ rows: [Row], _ add: (PostgresCopyWriter, Row) -> Void) throws {
        guard !rows.isEmpty else { return }
        _ = try connection.copy("COPY \(target) FROM STDIN") { writer in
            for row in rows {
                add(writer, row)
                try writer.endRow()
            }
        }
    }

    private func rows<Row>(_ sql: String, _ runID: Int64, _ make: (PostgresRow) throws -> Row) throws -> [Row] {
        try connection.rows(sql, [.integer(runID)]).map(make)
    }
}
