import Foundation

/// Policy version A against version B on the same candidates of one run.
package struct ComparisonReport: Sendable, Equatable, Codable {
    /// The pwaudit version that generated the report.
    package var pwauditVersion: String
    /// When the report was generated.
    package var generatedAt: Date
    /// The run whose candidates were scored under both.
    package var run: RunProvenance
    /// The version compared from (usually the one in force).
    package var policyA: PolicyVersionRef
    /// The version compared to (usually the proposed one).
    package var policyB: PolicyVersionRef
    /// Candidates unlocked under both versions.
    package var bothUnlocked: Int
    /// Candidates unlocked under A only: the ones B newly blocks.
    package var onlyA: Int
    /// Candidates unlocked under B only: the ones B newly lets through.
    package var onlyB: Int
    /// Candidates unlocked under neither.
    package var neither: Int
    /// For the newly blocked (`onlyA`), the rules of B that block them, sorted by count, then rule id.
    /// A candidate failing several rules of B counts once for each.
    package private(set) var newlyBlockedBy: [RuleCount]
    /// How the unlocking candidates' strength moves from A to B, when the run stored estimates: each version's
    /// strength figures (its unlocking candidates by score); nil otherwise.
    package var strength: StrengthMovement?

    /// Creates a comparison; `newlyBlockedBy` is sorted by count (largest first), then rule id.
    package init(
        pwauditVersion: String, generatedAt: Date, run: RunProvenance, policyA: PolicyVersionRef,
        policyB: PolicyVersionRef, bothUnlocked: Int, onlyA: Int, onlyB: Int, neither: Int, newlyBlockedBy: [RuleCount],
        strength: StrengthMovement? = nil
    ) {
        self.strength = strength
        self.pwauditVersion = pwauditVersion
        self.generatedAt = generatedAt
        self.run = run
        self.policyA = policyA
        self.policyB = policyB
        self.bothUnlocked = bothUnlocked
        self.onlyA = onlyA
        self.onlyB = onlyB
        self.neither = neither
        self.newlyBlockedBy = newlyBlockedBy.sorted(by: RuleCount.byImpact)
    }

    /// Candidates compared: the sum of the four cells.
    package var total: Int { bothUnlocked + onlyA + onlyB + neither }
    /// Candidates unlocked under A.
    package var unlockedUnderA: Int { bothUnlocked + onlyA }
    /// Candidates unlocked under B.
    package var unlockedUnderB: Int { bothUnlocked + onlyB }

    /// The headline: `moving from corp@2 to corp@3 blocks 8 that passed before and unlocks 1 that did not`.
    package var headline: String {
        "moving from \(policyA.reference) to \(policyB.reference) blocks \(ReportNumber.grouped(onlyA)) "
            + "that passed before and unlocks \(ReportNumber.grouped(onlyB)) that did not"
    }

    /// The value of `kind` in this report's JSON.
    package static let kind = "comparison"

    private enum CodingKeys: String, CodingKey {
        case run
        case policyA = "a"
        case policyB = "b"
        case total
        case bothUnlocked = "both_unlocked"
        case onlyA = "only_a"
        case onlyB = "only_b"
        case neither
        case newlyBlocked = "newly_blocked"
        case strength
    }

    private enum StrengthKeys: String, CodingKey {
        case a, b
        case unlockedGuessableChange = "unlocked_guessable_change"
    }

    /// `the unlocking candidates scoring 2 or less go from 12.5% (40 of 320) under corp@2 to 3.1% (8 of 260) under
    /// corp@3`, when the run stored estimates.
    package var strengthHeadline: String? {
        guard let a = strength?.a, let b = strength?.b else { return nil }
        let score = StrengthSummary.guessableScore
        return "the unlocking candidates scoring \(score) or less go from \(a.unlockedGuessableShare) "
            + "(\(ReportNumber.grouped(a.unlockedGuessable)) of \(ReportNumber.grouped(a.unlocked))) under "
            + "\(policyA.reference) to \(b.unlockedGuessableShare) (\(ReportNumber.grouped(b.unlockedGuessable)) of "
            + "\(ReportNumber.grouped(b.unlocked))) under \(policyB.reference)"
    }

    private enum NewlyBlockedKeys: String, CodingKey {
        case count, percent
        case byRule = "by_rule"
    }

    /// Decodes a comparison report, refusing another `kind` or an unknown `format_version`.
    package init(from decoder: any Decoder) throws {
        let envelope = try ReportEnvelope.decode(kind: Self.kind, from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let newlyBlocked = try container.nestedContainer(keyedBy: NewlyBlockedKeys.self, forKey: .newlyBlocked)
        self.init(
            pwauditVersion: envelope.pwauditVersion, generatedAt: envelope.generatedAt,
            run: try container.decode(RunProvenance.self, forKey: .run),
            policyA: try container.decode(PolicyVersionRef.self, forKey: .policyA),
            policyB: try container.decode(PolicyVersionRef.self, forKey: .policyB),
            bothUnlocked: try container.decode(EncodedShare.self, forKey: .bothUnlocked).count,
            onlyA: try container.decode(EncodedShare.self, forKey: .onlyA).count,
            onlyB: try container.decode(EncodedShare.self, forKey: .onlyB).count,
            neither: try container.decode(EncodedShare.self, forKey: .neither).count,
            newlyBlockedBy: try newlyBlocked.decode([RuleCount].self, forKey: .byRule),
            strength: try Self.decodeStrength(container)
        )
    }

    /// The `strength` object's two summaries, or nil when it is `null` or absent.
    private static func decodeStrength(_ container: KeyedDecodingContainer<CodingKeys>) throws
        -> StrengthMovement?
    {
        guard container.contains(.strength), try !container.decodeNil(forKey: .strength) else { return nil }
        let strength = try container.nestedContainer(keyedBy: StrengthKeys.self, forKey: .strength)
        return StrengthMovement(
            a: try strength.decode(StrengthSummary.self, forKey: .a),
            b: try strength.decode(StrengthSummary.self, forKey: .b))
    }

    /// Encodes the documented JSON shape: cells are shares of `total`, `by_rule` shares of the newly blocked.
    package func encode(to encoder: any Encoder) throws {
        try ReportEnvelope.encode(
            kind: Self.kind, pwauditVersion: pwauditVersion, generatedAt: generatedAt, to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(run, forKey: .run)
        try container.encode(policyA, forKey: .policyA)
        try container.encode(policyB, forKey: .policyB)
        try container.encode(total, forKey: .total)
        try container.encode(EncodedShare(bothUnlocked, of: total), forKey: .bothUnlocked)
        try container.encode(EncodedShare(onlyA, of: total), forKey: .onlyA)
        try container.encode(EncodedShare(onlyB, of: total), forKey: .onlyB)
        try container.encode(EncodedShare(neither, of: total), forKey: .neither)
        var newlyBlocked = container.nestedContainer(keyedBy: NewlyBlockedKeys.self, forKey: .newlyBlocked)
        try newlyBlocked.encode(onlyA, forKey: .count)
        try newlyBlocked.encode(Percentage(onlyA, of: total).rounded2, forKey: .percent)
        try newlyBlocked.encode(newlyBlockedBy.withPercent(of: onlyA), forKey: .byRule)
        if let a = strength?.a, let b = strength?.b {
            var nested = container.nestedContainer(keyedBy: StrengthKeys.self, forKey: .strength)
            try nested.encode(a, forKey: .a)
            try nested.encode(b, forKey: .b)
            // Percentage points, B's share of unlocking candidates scoring 2 or less minus A's.
            let change = b.unlockedGuessableShare.rounded2 - a.unlockedGuessableShare.rounded2
            try nested.encode((change * 100).rounded() / 100, forKey: .unlockedGuessableChange)
        } else {
            try container.encodeNil(forKey: .strength)
        }
    }
}
