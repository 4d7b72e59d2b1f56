/// Computing summaries from the stored rows with SQL: a reference and fallback for the importer's in-memory tallies.
extension SQLiteSummaryRepository {
    /// Computes every summary of `runID` from its stored candidates, attempts and rejected rows.
    ///
    /// This scans the run's attempts several times (seconds for millions of rows); an importer should tally while
    /// scoring and use this to check itself or to rebuild summaries. Conventions: rule rows exist for every rule of
    /// every scored version (zero failures included); pair and per-day rule rows only where failures > 0; `day` is
    /// the first 10 characters of `submitted_at` (rows without it are left out of the per-day tables);
    /// `composition` joins the non-zero classes in the order `upper+lower+digit+special+other-letter+space+other`
    /// (`empty` for an empty password).
    package func compute(runID: Int64) throws(SQLiteError) -> RunSummary {
        let range = CandidateID.range(runID: runID)
        let bounds: [SQLValue] = [.integer(range.lowerBound), .integer(range.upperBound)]
        return RunSummary(
            versions: try query(Self.versionsSQL, bounds) {
                RunVersionSummaryRow(
                    policyVersionID: $0.int64(at: 0), total: $0.int(at: 1), unlocked: $0.int(at: 2),
                    nearMiss: $0.int(at: 3))
            },
            rules: try query(Self.rulesSQL, bounds) {
                RunRuleSummaryRow(
                    policyVersionID: $0.int64(at: 0), bit: $0.int(at: 1), failures: $0.int(at: 2),
                    onlyFailure: $0.int(at: 3))
            },
            rulePairs: try query(Self.pairsSQL, bounds) {
                RunRulePairSummaryRow(
                    policyVersionID: $0.int64(at: 0), bitA: $0.int(at: 1), bitB: $0.int(at: 2), failures: $0.int(at: 3))
            },
            lengths: try query(
                "SELECT length, count(*) FROM candidate WHERE id BETWEEN ?1 AND ?2 GROUP BY length ORDER BY length",
                bounds
            ) { RunLengthSummaryRow(length: $0.int(at: 0), count: $0.int(at: 1)) },
            compositions: try query(Self.compositionsSQL, bounds) {
                RunCompositionSummaryRow(composition: $0.string(at: 0) ?? "", count: $0.int(at: 1))
            },
            reuse: try query(Self.reuseSQL, bounds) {
                RunReuseSummaryRow(
                    distinctFingerprints: $0.int(at: 0), sharedGroups: $0.int(at: 1), sharedCandidates: $0.int(at: 2),
                    largestGroup: $0.int(at: 3))
            }.first,
            rejects: try query(
                "SELECT reason, count(*) FROM rejected_row WHERE run_id = ?1 GROUP BY reason ORDER BY count(*) DESC, reason",
                [.integer(runID)]
            ) { RunRejectSummaryRow(reason: $0.string(at: 0) ?? "", count: $0.int(at: 1)) },
            days: try query(Self.daysSQL, bounds) {
                RunDaySummaryRow(
                    policyVersionID: $0.int64(at: 0), day: $0.string(at: 1) ?? "", total: $0.int(at: 2),
                    unlocked: $0.int(at: 3))
            },
            dayRules: try query(Self.dayRulesSQL, bounds) {
                RunDayRuleSummaryRow(
                    policyVersionID: $0.int64(at: 0), day: $0.string(at: 1) ?? "", bit: $0.int(at: 2),
                    failures: $0.int(at: 3))
            })
    }

    private static let versionsSQL = """
        SELECT a.policy_version_id, count(*), sum(a.unlocks_reset),
            sum(EXISTS (SELECT 1 FROM policy_rule r
                WHERE r.policy_version_id = a.policy_version_id AND a.failed_mask = 1 << r.bit))
        FROM attempt a WHERE a.candidate_id BETWEEN ?1 AND ?2
        GROUP BY a.policy_version_id ORDER BY a.policy_version_id
        """

    private static let rulesSQL = """
        SELECT a.policy_version_id, r.bit, sum(a.failed_mask & (1 << r.bit) != 0), sum(a.failed_mask = 1 << r.bit)
        FROM attempt a JOIN policy_rule r ON r.policy_version_id = a.policy_version_id
        WHERE a.candidate_id BETWEEN ?1 AND ?2
        GROUP BY a.policy_version_id, r.bit ORDER BY a.policy_version_id, r.bit
        """

    private static let pairsSQL = """
        SELECT a.policy_version_id, x.bit, y.bit, count(*)
        FROM attempt a
        JOIN policy_rule x ON x.policy_version_id = a.policy_version_id
        JOIN policy_rule y ON y.policy_version_id = a.policy_version_id AND y.bit > x.bit
        WHERE a.candidate_id BETWEEN ?1 AND ?2
            AND a.failed_mask & (1 << x.bit) != 0 AND a.failed_mask & (1 << y.bit) != 0
        GROUP BY a.policy_version_id, x.bit, y.bit ORDER BY a.policy_version_id, x.bit, y.bit
        """

    private static let compositionsSQL = """
        SELECT coalesce(nullif(substr(
                iif(upper_count > 0, '+upper', '') || iif(lower_count > 0, '+lower', '')
                || iif(digit_count > 0, '+digit', '') || iif(special_count > 0, '+special', '')
                || iif(other_letter_count > 0, '+other-letter', '') || iif(space_count > 0, '+space', '')
                || iif(other_count > 0, '+other', ''), 2), ''), 'empty') AS composition,
            count(*)
        FROM candidate WHERE id BETWEEN ?1 AND ?2
        GROUP BY composition ORDER BY count(*) DESC, composition
        """

    private static let reuseSQL = """
        SELECT count(*), coalesce(sum(n >= 2), 0), coalesce(sum(iif(n >= 2, n, 0)), 0), coalesce(max(n), 0)
        FROM (SELECT count(*) AS n FROM candidate WHERE id BETWEEN ?1 AND ?2 GROUP BY fingerprint)
        """

    private static let daysSQL = """
        SELECT a.policy_version_id, substr(c.submitted_at, 1, 10) AS day, count(*), sum(a.unlocks_reset)
        FROM attempt a JOIN candidate c ON c.id = a.candidate_id
        WHERE a.candidate_id BETWEEN ?1 AND ?2 AND c.submitted_at IS NOT NULL
        GROUP BY a.policy_version_id, day ORDER BY a.policy_version_id, day
        """

    private static let dayRulesSQL = """
        SELECT a.policy_version_id, substr(c.submitted_at, 1, 10) AS day, r.bit, count(*)
        FROM attempt a JOIN candidate c ON c.id = a.candidate_id
        JOIN policy_rule r ON r.policy_version_id = a.policy_version_id AND a.failed_mask & (1 << r.bit) != 0
        WHERE a.candidate_id BETWEEN ?1 AND ?2 AND c.submitted_at IS NOT NULL
        GROUP BY a.policy_version_id, day, r.bit ORDER BY a.policy_version_id, day, r.bit
        """
}
