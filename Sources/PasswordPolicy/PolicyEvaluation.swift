/// Every rule's outcome for one candidate.
public struct PolicyEvaluation: Sendable, Equatable {
    /// One outcome per rule, in policy order.
    public var outcomes: [RuleOutcome]

    /// Creates an evaluation from outcomes in policy order.
    public init(outcomes: [RuleOutcome]) {
        self.outcomes = outcomes
    }

    /// True exactly when every rule passed.
    public var unlocksReset: Bool { outcomes.allSatisfy(\.passed) }

    /// Bit `i` set when rule `i` failed.
    public var failureMask: RuleMask {
        var mask = RuleMask()
        for outcome in outcomes where !outcome.passed { mask.insert(outcome.ruleIndex) }
        return mask
    }

    /// Reason codes of the failing rules, in policy order.
    public var failingCodes: [String] {
        outcomes.filter { !$0.passed }.map(\.code)
    }
}
