/// How many candidates one rule accounts for (near misses it alone blocks, newly blocked candidates it blocks).
package struct RuleCount: Sendable, Equatable, Codable, CountedFigure {
    /// The rule's id within its policy version (`min-length`).
    package var ruleID: String
    /// The rule's human label (`At least 12 characters`).
    package var label: String
    /// How many candidates.
    package var count: Int

    /// Creates a rule count.
    package init(ruleID: String, label: String, count: Int) {
        self.ruleID = ruleID
        self.label = label
        self.count = count
    }

    private enum CodingKeys: String, CodingKey {
        case ruleID = "rule_id"
        case label, count
    }

    /// Orders by count (largest first), then by rule id, so that reports are stable.
    static func byImpact(_ lhs: RuleCount, _ rhs: RuleCount) -> Bool {
        lhs.count != rhs.count ? lhs.count > rhs.count : lhs.ruleID < rhs.ruleID
    }
}
