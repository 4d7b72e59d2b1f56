import AuditRepositories
import PolicyCSV

/// The summaries a run's last commit writes (`RunSession.complete`, `RunSession.addVersion`), from the in-memory
/// tally and reuse counts, so a run is never complete without them and every report of it reads summaries only.
enum RunCompletion {
    /// The summary rows of a tally: every rule of every version (zero failures included), pairs and per-day rule
    /// failures only where non-zero, breach buckets for every version with a breach-corpus rule, and five strength rows
    /// (one per score) for every version when the run estimated strength, and every version's tuning cells.
    static func summary(of tally: RunTally, versionIDs: [Int64], reuse: RunReuseSummaryRow?) -> RunSummary {
        var versions: [RunVersionSummaryRow] = []
        var rules: [RunRuleSummaryRow] = []
        var pairs: [RunRulePairSummaryRow] = []
        var days: [RunDaySummaryRow] = []
        var dayRules: [RunDayRuleSummaryRow] = []
        var breaches: [RunBreachSummaryRow] = []
        var strength: [RunStrengthSummaryRow] = []
        var tuning: [RunTuningCellRow] = []
        for (index, (versionID, version)) in zip(versionIDs, tally.versions).enumerated() {
            tuning += tally.tuningRows(ofVersion: index, versionID: versionID)
            versions.append(
                RunVersionSummaryRow(
                    policyVersionID: versionID, total: version.total, unlocked: version.unlocked,
                    nearMiss: version.nearMisses))
            if version.tracksBreaches {
                breaches.append(RunBreachSummaryRow(policyVersionID: versionID, buckets: version.breachBuckets))
            }
            if tally.tracksStrength {
                strength += (0..<5).map {
                    RunStrengthSummaryRow(
                        policyVersionID: versionID, score: $0, candidates: version.strengthCounts[$0],
                        unlocked: version.strengthUnlocked[$0])
                }
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
            days: days, dayRules: dayRules, breaches: breaches, strength: strength, tuning: tuning)
    }

    /// `summary` with the rows of `tally`'s versions (`versionIDs`, versions added to the run by a rescore) beside its
    /// own; the run's lengths, compositions, reuse and rejects stay as they were (the candidates are the same).
    static func summary(_ summary: RunSummary, adding tally: RunTally, versionIDs: [Int64]) -> RunSummary {
        var merged = summary
        let added = Self.summary(of: tally, versionIDs: versionIDs, reuse: summary.reuse)
        merged.versions += added.versions
        merged.rules += added.rules
        merged.rulePairs += added.rulePairs
        merged.days += added.days
        merged.dayRules += added.dayRules
        merged.breaches += added.breaches
        merged.strength += added.strength
        merged.tuning += added.tuning
        return merged
    }
}
