/// How a run's candidates fare under one policy version: unlocked, failures per rule, near misses, pairs.
package struct VersionReport: Sendable, Equatable, Codable {
    /// How many failing pairs a report keeps.
    package static let pairLimit = 10

    /// The version scored.
    package var policy: PolicyVersionRef
    /// Candidates scored under the version.
    package var total: Int
    /// Candidates that pass every rule and so would unlock the reset.
    package var unlocked: Int
    /// Failures per rule, sorted by impact: count (largest first), then bit.
    package private(set) var ruleFailures: [RuleFailure]
    /// Candidates failing exactly one rule.
    package var nearMisses: NearMisses
    /// The most common pairs of failing rules, at most `pairLimit`, sorted by count (largest first).
    package private(set) var topFailingPairs: [RulePairCount]
    /// Candidates the version's breach-corpus rules refused, by breach count; nil for a version without such a rule.
    package var breached: BreachedSummary?
    /// The candidates' strength scores, all and unlocking, when the run stored estimates; nil otherwise.
    package var strength: StrengthSummary?
    /// In an aggregate report, the runs that scored the version, by id (its figures count their candidates only);
    /// nil in the report of one run.
    package var scoredByRuns: [Int64]?
    /// The lengths the version's length rules allow; nil when it has none (or for a report of an older pwaudit).
    package var lengthLimits: LengthLimits?

    /// Creates a version report; sorts failures by impact and keeps the `pairLimit` most common pairs.
    package init(
        policy: PolicyVersionRef, total: Int, unlocked: Int, ruleFailures: [RuleFailure], nearMisses: NearMisses,
        topFailingPairs: [RulePairCount], breached: BreachedSummary? = nil, strength: StrengthSummary? = nil,
        scoredByRuns: [Int64]? = nil, lengthLimits: LengthLimits? = nil
    ) {
        self.lengthLimits = lengthLimits
        self.breached = breached
        self.strength = strength
        self.scoredByRuns = scoredByRuns
        self.policy = policy
        self.total = total
        self.unlocked = unlocked
        self.ruleFailures = ruleFailures.sorted(by: RuleFailure.byImpact)
        self.nearMisses = nearMisses
        self.topFailingPairs = Array(topFailingPairs.sorted(by: RulePairCount.byImpact).prefix(Self.pairLimit))
    }

    /// The unlocked share of the total.
    package var unlockedShare: Percentage { Percentage(unlocked, of: total) }

    /// The one-line headline: `312,004 of 1,000,000 (31.2%) would unlock reset under corp@3`.
    package var headline: String {
        "\(ReportNumber.grouped(unlocked)) of \(ReportNumber.grouped(total)) (\(unlockedShare)) "
            + "would unlock reset under \(policy.reference)"
    }

    private enum CodingKeys: String, CodingKey {
        case policy, total, unlocked
        case ruleFailures = "rule_failures"
        case nearMisses = "near_misses"
        case topFailingPairs = "top_failing_pairs"
        case breached, strength
        case scoredByRuns = "scored_by_runs"
        case lengthLimits = "length_limits"
    }

    private enum BreachedKeys: String, CodingKey {
        case matched
        case byCount = "by_count"
    }

    private enum NearMissKeys: String, CodingKey {
        case count, percent
        case byRule = "by_rule"
    }

    /// Decodes a version object; percentages are derived again from the counts.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let nearMisses = try container.nestedContainer(keyedBy: NearMissKeys.self, forKey: .nearMisses)
        self.init(
            policy: try container.decode(PolicyVersionRef.self, forKey: .policy),
            total: try container.decode(Int.self, forKey: .total),
            unlocked: try container.decode(EncodedShare.self, forKey: .unlocked).count,
            ruleFailures: try container.decode([RuleFailure].self, forKey: .ruleFailures),
            nearMisses: NearMisses(
                count: try nearMisses.decode(Int.self, forKey: .count),
                byRule: try nearMisses.decode([RuleCount].self, forKey: .byRule)),
            topFailingPairs: try container.decode([RulePairCount].self, forKey: .topFailingPairs),
            breached: try Self.decodeBreached(container),
            strength: container.contains(.strength)
                ? try container.decodeIfPresent(StrengthSummary.self, forKey: .strength) : nil,
            scoredByRuns: try container.decodeIfPresent([Int64].self, forKey: .scoredByRuns),
            lengthLimits: try container.decodeIfPresent(LengthLimits.self, forKey: .lengthLimits)
        )
    }

    /// The `breached` object, or nil when it is `null` or absent (a report of an older pwaudit).
    private static func decodeBreached(_ container: KeyedDecodingContainer<CodingKeys>) throws -> BreachedSummary? {
        guard container.contains(.breached), try !container.decodeNil(forKey: .breached) else { return nil }
        let breached = try container.nestedContainer(keyedBy: BreachedKeys.self, forKey: .breached)
        return BreachedSummary(buckets: try breached.decode([BreachedSummary.Bucket].self, forKey: .byCount))
    }

    /// Encodes a version object; every percentage is of `total`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(policy, forKey: .policy)
        try container.encode(total, forKey: .total)
        try container.encode(EncodedShare(unlocked, of: total), forKey: .unlocked)
        try container.encode(ruleFailures.withPercent(of: total), forKey: .ruleFailures)
        var nearMissContainer = container.nestedContainer(keyedBy: NearMissKeys.self, forKey: .nearMisses)
        try nearMissContainer.encode(nearMisses.count, forKey: .count)
        try nearMissContainer.encode(Percentage(nearMisses.count, of: total).rounded2, forKey: .percent)
        try nearMissContainer.encode(nearMisses.byRule.withPercent(of: total), forKey: .byRule)
        try container.encode(topFailingPairs.withPercent(of: total), forKey: .topFailingPairs)
        if let breached {
            var breachedContainer = container.nestedContainer(keyedBy: BreachedKeys.self, forKey: .breached)
            try breachedContainer.encode(EncodedShare(breached.matched, of: total), forKey: .matched)
            try breachedContainer.encode(breached.buckets.withPercent(of: total), forKey: .byCount)
        } else {
            try container.encodeNil(forKey: .breached)
        }
        if let strength {
            try container.encode(strength, forKey: .strength)
        } else {
            try container.encodeNil(forKey: .strength)
        }
        try container.encodeIfPresent(scoredByRuns, forKey: .scoredByRuns)
        try container.encode(lengthLimits, forKey: .lengthLimits)
    }
}
