/// How many candidates fail both rules of a pair (whatever else they fail).
package struct RulePairCount: Sendable, Equatable, Codable, CountedFigure {
    /// The first rule's id.
    package var ruleA: String
    /// The first rule's label.
    package var ruleALabel: String
    /// The second rule's id.
    package var ruleB: String
    /// The second rule's label.
    package var ruleBLabel: String
    /// How many candidates fail both.
    package var count: Int

    /// Creates a pair count.
    package init(ruleA: String, ruleALabel: String, ruleB: String, ruleBLabel: String, count: Int) {
        self.ruleA = ruleA
        self.ruleALabel = ruleALabel
        self.ruleB = ruleB
        self.ruleBLabel = ruleBLabel
        self.count = count
    }

    private enum CodingKeys: String, CodingKey {
        case ruleA = "rule_a"
        case ruleALabel = "rule_a_label"
        case ruleB = "rule_b"
        case ruleBLabel = "rule_b_label"
        case count
    }

    /// Orders by count (largest first), then by the two rule ids.
    static func byImpact(_ lhs: RulePairCount, _ rhs: RulePairCount) -> Bool {
        if lhs.count != rhs.count { return lhs.count > rhs.count }
        return (lhs.ruleA, lhs.ruleB) < (rhs.ruleA, rhs.ruleB)
    }
}
