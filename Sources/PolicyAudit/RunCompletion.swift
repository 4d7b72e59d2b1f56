import AuditRepositories
import PolicyCSV

/// The last step of an import: turn the in-memory tally and reuse counts into summary rows and mark the run complete
/// — in one transaction, so a run is never complete without its summaries and every report of it reads summaries
/// only.
struct RunCompletion {
    let workspace: AuditWorkspace

    /// Writes the run's summaries and marks it complete, in one transaction.
    ///
    /// - Parameter accounts: Whether to write the run's account summary too (`CSVImportRequest.accounts`).
    /// - Parameter unlessImported: When true, a complete run that already holds a source with this SHA-256 wins:
    ///   nothing is written and that run is returned. The check shares the completing transaction (writers take it
    ///   one at a time), so two imports of one file started together store it once.
    /// - Returns: The complete run that already held the source, if `unlessImported` found one.
    func complete(
        runID: Int64, sourceBytes: Int64, sourceSHA256: String, tally: RunTally, reuse: RunReuseSummaryRow,
        versionIDs: [Int64], accounts: Bool = false, unlessImported: Bool = false
    ) throws -> StoredRun? {
        let summaries = workspace.summaries
        let summary = Self.summary(of: tally, versionIDs: versionIDs, reuse: reuse)
        let existing: StoredRun? = try workspace.store.inTransaction {
            if unlessImported, let existing = try workspace.runs.completeRun(withSHA256: sourceSHA256) {
                return existing
            }
            try summaries.write(runID: runID, summary: summary)
            if accounts { try summaries.writeAccounts(runID: runID) }
            try workspace.runs.complete(
                runID: runID, sourceBytes: sourceBytes, sourceSHA256: sourceSHA256, rowsRead: tally.rowsSeen,
                rowsAccepted: tally.acceptedCount, rowsRejected: tally.rejectedCount)
            return nil
        }
        // Committed complete (or not needed): the run no longer needs its import lock.
        if existing == nil { workspace.runs.releaseImportLock(runID: runID) }
        return existing
    }

    /// The summary rows of a tally: every rule of every version (zero failures included), pairs and per-day rule
    /// failures only where non-zero, breach buckets for every version with a breach-corpus rule.
    static func summary(of tally: RunTally, versionIDs: [Int64], reuse: RunReuseSummaryRow?) -> RunSummary {
        var versions: [RunVersionSummaryRow] = []
        var rules: [RunRuleSummaryRow] = []
        var pairs: [RunRulePairSummaryRow] = []
        var days: [RunDaySummaryRow] = []
        var dayRules: [RunDayRuleSummaryRow] = []
        var breaches: [RunBreachSummaryRow] = []
        for (index, (versionID, version)) in zip(versionIDs, tally.versions).enumerated() {
            versions.append(
                RunVersionSummaryRow(
                    policyVersionID: versionID, total: version.total, unlocked: version.unlocked,
                    nearMiss: version.nearMisses))
            if version.tracksBreaches {
                breaches.append(RunBreachSummaryRow(policyVersionID: versionID, buckets: version.breachBuckets))
            }
            let (failures, onlyFailure, versionPairs) = (version.failures, version.onlyFailure, version.pairs)
            for bit in 0..<version.ruleCount {
                rules.append(
                    RunRuleSummaryRow(
                        policyVersionID: versionID, bit: bit, failures: failures[bit], onlyFailure: onlyFailure[bit]))
            }
            for index in versionPairs.indices where versionPairs[index] > 0 {
                pairs.append(
                    RunRulePairSummaryRow(
                        policyVersionID: versionID, bitA: index / 64, bitB: index % 64, failures: versionPairs[index]))
            }
            for (dayNumber, day) in tally.days(ofVersion: index).sorted(by: { $0.key < $1.key }) {
                let text = SubmissionDay.text(dayNumber)
                days.append(
                    RunDaySummaryRow(policyVersionID: versionID, day: text, total: day.total, unlocked: day.unlocked))
                for (bit, failures) in day.failures.sorted(by: { $0.key < $1.key }) {
                    dayRules.append(
                        RunDayRuleSummaryRow(policyVersionID: versionID, day: text, bit: bit, failures: failures))
                }
            }
        }
        return RunSummary(
            versions: versions, rules: rules, rulePairs: pairs,
            lengths: tally.lengths.sorted { $0.key < $1.key }.map {
                RunLengthSummaryRow(length: $0.key, count: $0.value)
            },
            compositions: tally.compositions.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
                .map { RunCompositionSummaryRow(composition: $0.key, count: $0.value) },
            reuse: reuse,
            rejects: tally.rejections.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
                .map { RunRejectSummaryRow(reason: $0.key, count: $0.value) },
            days: days, dayRules: dayRules, breaches: breaches)
    }
}
