import AuditRepositories

/// Writes and reads the per-run summary tables (`run_*_summary`), so reports never rescan attempts.
///
/// The importer computes the summaries while scoring and calls `write(runID:summary:)` once, before marking the run
/// complete. Rows come back in key order.
package struct SQLiteSummaryRepository: SummaryRepository {
    let database: Database

    /// Creates a repository over a migrated database.
    package init(database: Database) {
        self.database = database
    }

    /// Replaces all summaries of `runID` with `summary`, in one transaction.
    package func write(runID: Int64, summary: RunSummary) throws {
        try database.inTransaction {
            try deleteSummaries(runID: runID)
            let run = SQLValue.integer(runID)
            try insert("run_version_summary (run_id, policy_version_id, total, unlocked, near_miss)", summary.versions)
            {
                [run, .integer($0.policyVersionID), int($0.total), int($0.unlocked), int($0.nearMiss)]
            }
            try insert("run_rule_summary (run_id, policy_version_id, bit, failures, only_failure)", summary.rules) {
                [run, .integer($0.policyVersionID), int($0.bit), int($0.failures), int($0.onlyFailure)]
            }
            try insert(
                "run_rule_pair_summary (run_id, policy_version_id, bit_a, bit_b, failures)", summary.rulePairs
            ) { [run, .integer($0.policyVersionID), int($0.bitA), int($0.bitB), int($0.failures)] }
            try insert("run_length_summary (run_id, length, count)", summary.lengths) {
                [run, int($0.length), int($0.count)]
            }
            try insert("run_composition_summary (run_id, composition, count)", summary.compositions) {
                [run, .text($0.composition), int($0.count)]
            }
            try insert(
                "run_reuse_summary (run_id, distinct_fingerprints, shared_groups, shared_candidates, largest_group)",
                summary.reuse.map { [$0] } ?? []
            ) {
                [
                    run, int($0.distinctFingerprints), int($0.sharedGroups), int($0.sharedCandidates),
                    int($0.largestGroup),
                ]
            }
            try insert("run_reject_summary (run_id, reason, count)", summary.rejects) {
                [run, .text($0.reason), int($0.count)]
            }
            try insert("run_day_summary (run_id, policy_version_id, day, total, unlocked)", summary.days) {
                [run, .integer($0.policyVersionID), .text($0.day), int($0.total), int($0.unlocked)]
            }
            try insert("run_day_rule_summary (run_id, policy_version_id, day, bit, failures)", summary.dayRules) {
                [run, .integer($0.policyVersionID), .text($0.day), int($0.bit), int($0.failures)]
            }
            try insert("run_breach_summary (run_id, policy_version_id, \(Self.breachColumns))", summary.breaches) {
                [run, .integer($0.policyVersionID)] + $0.buckets.map(int)
            }
            try insert(
                "run_strength_summary (run_id, policy_version_id, score, candidates, unlocked)", summary.strength
            ) {
                [run, .integer($0.policyVersionID), int($0.score), int($0.candidates), int($0.unlocked)]
            }
            try insert(
                "run_tuning_cell (run_id, policy_version_id, failed_mask, length, classes, strength_score, count)",
                summary.tuning
            ) {
                [
                    run, .integer($0.policyVersionID), .integer(Int64(bitPattern: $0.failedMask)), int($0.length),
                    int($0.classes), $0.strengthScore.map(int) ?? .null, int($0.count),
                ]
            }
        }
    }

    /// Reads every summary of `runID` (all parts empty and `reuse` nil if none were written).
    package func read(runID: Int64) throws(SQLiteError) -> RunSummary {
        RunSummary(
            versions: try versions(runID: runID), rules: try rules(runID: runID),
            rulePairs: try rulePairs(runID: runID),
            lengths: try lengths(runID: runID), compositions: try compositions(runID: runID),
            reuse: try reuse(runID: runID), rejects: try rejects(runID: runID), days: try days(runID: runID),
            dayRules: try dayRules(runID: runID), breaches: try breaches(runID: runID),
            strength: try strength(runID: runID), tuning: try tuningCells(runID: runID))
    }

    /// Totals per version of `runID`.
    package func versions(runID: Int64) throws(SQLiteError) -> [RunVersionSummaryRow] {
        try rows(
            "SELECT policy_version_id, total, unlocked, near_miss FROM run_version_summary WHERE run_id = ?1"
                + " ORDER BY policy_version_id", runID
        ) {
            RunVersionSummaryRow(
                policyVersionID: $0.int64(at: 0), total: $0.int(at: 1), unlocked: $0.int(at: 2),
                nearMiss: $0.int(at: 3))
        }
    }

    /// Rule failures per version of `runID`.
    package func rules(runID: Int64) throws(SQLiteError) -> [RunRuleSummaryRow] {
        try rows(
            "SELECT policy_version_id, bit, failures, only_failure FROM run_rule_summary WHERE run_id = ?1"
                + " ORDER BY policy_version_id, bit", runID
        ) {
            RunRuleSummaryRow(
                policyVersionID: $0.int64(at: 0), bit: $0.int(at: 1), failures: $0.int(at: 2),
                onlyFailure: $0.int(at: 3))
        }
    }

    /// Rule-pair failures per version of `runID`.
    package func rulePairs(runID: Int64) throws(SQLiteError) -> [RunRulePairSummaryRow] {
        try rows(
            "SELECT policy_version_id, bit_a, bit_b, failures FROM run_rule_pair_summary WHERE run_id = ?1"
                + " ORDER BY policy_version_id, bit_a, bit_b", runID
        ) {
            RunRulePairSummaryRow(
                policyVersionID: $0.int64(at: 0), bitA: $0.int(at: 1), bitB: $0.int(at: 2),
                failures: $0.int(at: 3))
        }
    }

    /// Length histogram of `runID`.
    package func lengths(runID: Int64) throws(SQLiteError) -> [RunLengthSummaryRow] {
        try rows("SELECT length, count FROM run_length_summary WHERE run_id = ?1 ORDER BY length", runID) {
            RunLengthSummaryRow(length: $0.int(at: 0), count: $0.int(at: 1))
        }
    }

    /// Composition counts of `runID`, most frequent first.
    package func compositions(runID: Int64) throws(SQLiteError) -> [RunCompositionSummaryRow] {
        try rows(
            "SELECT composition, count FROM run_composition_summary WHERE run_id = ?1 ORDER BY count DESC, composition",
            runID
        ) { RunCompositionSummaryRow(composition: $0.string(at: 0) ?? "", count: $0.int(at: 1)) }
    }

    /// Fingerprint reuse of `runID`, or nil if not written.
    package func reuse(runID: Int64) throws(SQLiteError) -> RunReuseSummaryRow? {
        try rows(
            "SELECT distinct_fingerprints, shared_groups, shared_candidates, largest_group FROM run_reuse_summary"
                + " WHERE run_id = ?1", runID
        ) {
            RunReuseSummaryRow(
                distinctFingerprints: $0.int(at: 0), sharedGroups: $0.int(at: 1),
                sharedCandidates: $0.int(at: 2), largestGroup: $0.int(at: 3))
        }.first
    }

    /// Rejected-row counts of `runID`, most frequent first.
    package func rejects(runID: Int64) throws(SQLiteError) -> [RunRejectSummaryRow] {
        try rows(
            "SELECT reason, count FROM run_reject_summary WHERE run_id = ?1 ORDER BY count DESC, reason", runID
        ) { RunRejectSummaryRow(reason: $0.string(at: 0) ?? "", count: $0.int(at: 1)) }
    }

    /// Per-day totals of `runID`.
    package func days(runID: Int64) throws(SQLiteError) -> [RunDaySummaryRow] {
        try rows(
            "SELECT policy_version_id, day, total, unlocked FROM run_day_summary WHERE run_id = ?1"
                + " ORDER BY policy_version_id, day", runID
        ) {
            RunDaySummaryRow(
                policyVersionID: $0.int64(at: 0), day: $0.string(at: 1) ?? "", total: $0.int(at: 2),
                unlocked: $0.int(at: 3))
        }
    }

    /// Per-day rule failures of `runID`.
    package func dayRules(runID: Int64) throws(SQLiteError) -> [RunDayRuleSummaryRow] {
        try rows(
            "SELECT policy_version_id, day, bit, failures FROM run_day_rule_summary WHERE run_id = ?1"
                + " ORDER BY policy_version_id, day, bit", runID
        ) {
            RunDayRuleSummaryRow(
                policyVersionID: $0.int64(at: 0), day: $0.string(at: 1) ?? "", bit: $0.int(at: 2),
                failures: $0.int(at: 3))
        }
    }

    private static let tables = [
        "run_version_summary", "run_rule_summary", "run_rule_pair_summary", "run_length_summary",
        "run_composition_summary", "run_reuse_summary", "run_reject_summary", "run_day_summary",
        "run_day_rule_summary", "run_breach_summary", "run_strength_summary", "run_tuning_cell",
    ]

    private func deleteSummaries(runID: Int64) throws(SQLiteError) {
        for table in Self.tables { try database.execute("DELETE FROM \(table) WHERE run_id = ?1", [.integer(runID)]) }
    }

    /// Inserts `rows` into `target` ("table (columns)") in multi-row statements (a run has thousands of day rows).
    private func insert<Row>(_ target: String, _ rows: [Row], _ values: (Row) -> [SQLValue]) throws(SQLiteError) {
        guard let first = rows.first else { return }
        let columns = Int32(values(first).count)
        let insert = try MultiRowInsert(
            database: database, head: "INSERT INTO \(target)", columns: columns, rowsPerStatement: 64)
        try insert.insert(count: rows.count) { statement, row, base in statement.bind(values(rows[row]), from: base) }
    }

    private func int(_ value: Int) -> SQLValue { .integer(Int64(value)) }

    private func rows<Row>(_ sql: String, _ runID: Int64, _ make: (Statement) -> Row) throws(SQLiteError) -> [Row] {
        try query(sql, [.integer(runID)], make)
    }

    /// Runs `sql` with `values` bound and maps each row with `make`.
    func query<Row>(_ sql: String, _ values: [SQLValue], _ make: (Statement) -> Row) throws(SQLiteError) -> [Row] {
        let statement = try database.cachedStatement(sql)
        statement.bind(values)
        var result: [Row] = []
        while try statement.step() { result.append(make(statement)) }
        statement.reset()
        return result
    }
}
