import AuditCrypto

/// Computing summaries from the stored rows: a reference and fallback for the importer's in-memory tallies.
extension SQLiteSummaryRepository {
    /// Computes every summary of `runID` from its stored candidates, attempts and rejected rows.
    ///
    /// One pass over the run's attempts and one over its candidates, tallied in memory (about 7 s for a
    /// million candidates with 3 versions); an importer should tally while scoring and may use this to check itself
    /// or to rebuild.
    /// Conventions: rule rows exist for every rule of every version that has attempts (zero failures included); pair
    /// and per-day rule rows only where failures > 0; `day` is the UTC day of `submitted_at` as `SubmissionDay` parses
    /// it (`none` without one, `invalid` for a bad one, so every candidate is on one day); `composition` joins the non-zero classes in the order
    /// `upper+lower+digit+special+other-letter+space+other` (`empty` for an empty password).
    package func compute(runID: Int64) throws(SQLiteError) -> RunSummary {
        let range = CandidateID.range(runID: runID)
        let bounds: [SQLValue] = [.integer(range.lowerBound), .integer(range.upperBound)]
        var summary = RunSummary()
        try tallyAttempts(bounds: bounds, into: &summary)
        try tallyCandidates(bounds: bounds, into: &summary)
        summary.rejects = try query(
            "SELECT reason, count(*) FROM rejected_row WHERE run_id = ?1 GROUP BY reason ORDER BY count(*) DESC, reason",
            [.integer(runID)]
        ) { RunRejectSummaryRow(reason: $0.string(at: 0) ?? "", count: $0.int(at: 1)) }
        return summary
    }

    fileprivate struct VersionTally {
        var total = 0
        var unlocked = 0
        var nearMiss = 0
        var failures = [Int](repeating: 0, count: 64)
        var onlyFailures = [Int](repeating: 0, count: 64)
        var pairs: [Int: Int] = [:]
        var days: [String: (total: Int, unlocked: Int, failures: [Int: Int])] = [:]

        mutating func add(mask: UInt64, unlocked isUnlocked: Bool, day: String) {
            total += 1
            if isUnlocked { unlocked += 1 }
            if mask != 0 && mask & (mask &- 1) == 0 {
                nearMiss += 1
                onlyFailures[mask.trailingZeroBitCount] += 1
            }
            var remaining = mask
            while remaining != 0 {
                let bit = remaining.trailingZeroBitCount
                failures[bit] += 1
                remaining &= remaining &- 1
                var others = remaining
                while others != 0 {
                    pairs[bit * 64 + others.trailingZeroBitCount, default: 0] += 1
                    others &= others &- 1
                }
            }
            // Mutate in place: copying the entry out would copy its dictionary on every row.
            days[day, default: (0, 0, [:])].total += 1
            if isUnlocked { days[day, default: (0, 0, [:])].unlocked += 1 }
            var bits = mask
            while bits != 0 {
                days[day, default: (0, 0, [:])].failures[bits.trailingZeroBitCount, default: 0] += 1
                bits &= bits &- 1
            }
        }
    }

    private func tallyAttempts(bounds: [SQLValue], into summary: inout RunSummary) throws(SQLiteError) {
        var tallies: [Int64: VersionTally] = [:]
        let statement = try database.cachedStatement(
            """
            SELECT a.policy_version_id, a.failed_mask, a.unlocks_reset, c.submitted_at
            FROM attempt a JOIN candidate c ON c.id = a.candidate_id
            WHERE a.candidate_id BETWEEN ?1 AND ?2
            """)
        statement.bind(bounds)
        while try statement.step() {
            let mask = UInt64(bitPattern: statement.int64(at: 1))
            let unlocked = statement.int64(at: 2) != 0
            let day = SubmissionDay.text(SubmissionDay.number(statement.string(at: 3)))
            tallies[statement.int64(at: 0), default: VersionTally()].add(mask: mask, unlocked: unlocked, day: day)
        }
        statement.reset()
        for (versionID, tally) in tallies.sorted(by: { $0.key < $1.key }) {
            summary.versions.append(
                RunVersionSummaryRow(
                    policyVersionID: versionID, total: tally.total, unlocked: tally.unlocked, nearMiss: tally.nearMiss))
            let bits = try query(
                "SELECT bit FROM policy_rule WHERE policy_version_id = ?1 ORDER BY bit", [.integer(versionID)]
            ) { $0.int(at: 0) }
            for bit in bits {
                summary.rules.append(
                    RunRuleSummaryRow(
                        policyVersionID: versionID, bit: bit, failures: tally.failures[bit],
                        onlyFailure: tally.onlyFailures[bit]))
            }
            for (key, failures) in tally.pairs.sorted(by: { $0.key < $1.key }) {
                summary.rulePairs.append(
                    RunRulePairSummaryRow(
                        policyVersionID: versionID, bitA: key / 64, bitB: key % 64, failures: failures))
            }
            for (day, counts) in tally.days.sorted(by: { $0.key < $1.key }) {
                summary.days.append(
                    RunDaySummaryRow(
                        policyVersionID: versionID, day: day, total: counts.total, unlocked: counts.unlocked))
                for (bit, failures) in counts.failures.sorted(by: { $0.key < $1.key }) {
                    summary.dayRules.append(
                        RunDayRuleSummaryRow(policyVersionID: versionID, day: day, bit: bit, failures: failures))
                }
            }
        }
    }

    private func tallyCandidates(bounds: [SQLValue], into summary: inout RunSummary) throws(SQLiteError) {
        var lengths: [Int: Int] = [:]
        var compositions: [String: Int] = [:]
        var groups: [Fingerprint: Int] = [:]
        let names = ["upper", "lower", "digit", "special", "other-letter", "space", "other"]
        let statement = try database.cachedStatement(
            """
            SELECT length, upper_count, lower_count, digit_count, special_count, other_letter_count, space_count,
                other_count, fingerprint
            FROM candidate WHERE id BETWEEN ?1 AND ?2
            """)
        statement.bind(bounds)
        while try statement.step() {
            lengths[statement.int(at: 0), default: 0] += 1
            let present = names.indices.filter { statement.int64(at: Int32($0) + 1) > 0 }.map { names[$0] }
            compositions[present.isEmpty ? "empty" : present.joined(separator: "+"), default: 0] += 1
            if let bytes = statement.blob(at: 8), let fingerprint = Fingerprint(bytes: bytes) {
                groups[fingerprint, default: 0] += 1
            }
        }
        statement.reset()
        summary.lengths = lengths.sorted { $0.key < $1.key }.map {
            RunLengthSummaryRow(length: $0.key, count: $0.value)
        }
        summary.compositions = compositions.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            .map { RunCompositionSummaryRow(composition: $0.key, count: $0.value) }
        let shared = groups.values.filter { $0 >= 2 }
        summary.reuse = RunReuseSummaryRow(
            distinctFingerprints: groups.count, sharedGroups: shared.count, sharedCandidates: shared.reduce(0, +),
            largestGroup: groups.values.max() ?? 0)
    }
}
