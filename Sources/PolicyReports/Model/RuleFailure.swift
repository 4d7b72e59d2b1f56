/// How many candidates fail one rule of a policy version.
package struct RuleFailure: Sendable, Equatable, Codable, CountedFigure {
    /// The rule's id within its policy version (`min-length`).
    package var ruleID: String
    /// The rule's human label (`At least 12 characters`).
    package var label: String
    /// The rule's kind as named in the policy format (`length`, `charset`, …).
    package var kind: String
    /// The rule's bit in the version's failure mask.
    package var bit: Int
    /// How many candidates fail the rule (whatever else they fail).
    package var count: Int

    /// Creates a rule failure figure.
    package init(ruleID: String, label: String, kind: String, bit: Int, count: Int) {
        self.ruleID = ruleID
        self.label = label
        self.kind = kind
        self.bit = bit
        self.count = count
    }

    private enum CodingKeys: String, CodingKey {
        case ruleID = "rule_id"
        case label, kind, bit, count
    }

    /// Orders by impact: count (largest first), then bit.
    static func byImpact(_ lhs: RuleFailure, _ rhs: RuleFailure) -> Bool {
        lhs.count != rhs.count ? lhs.count > rhs.count : lhs.bit < rhs.bit
    }
}
