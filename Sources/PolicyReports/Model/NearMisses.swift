/// Candidates that fail exactly one rule of a version, split by that one rule.
package struct NearMisses: Sendable, Equatable {
    /// How many candidates fail exactly one rule.
    package var count: Int
    /// The split by the only rule that blocks them, sorted by count (largest first), then rule id.
    package private(set) var byRule: [RuleCount]

    /// Creates a near-miss figure; `byRule` is sorted by count, then rule id.
    package init(count: Int, byRule: [RuleCount]) {
        self.count = count
        self.byRule = byRule.sorted(by: RuleCount.byImpact)
    }

    /// No near misses.
    package static let none = NearMisses(count: 0, byRule: [])
}
