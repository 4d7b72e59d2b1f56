import PasswordStrength

/// Every rule's outcome for one candidate.
public struct PolicyEvaluation: Sendable, Equatable {
    /// One outcome per rule, in policy order.
    public var outcomes: [RuleOutcome]
    /// zxcvbn's estimate the policy's `strength` rules judged the candidate by (made once for all of them), nil when
    /// the policy has none: what a strength meter shows without estimating again.
    public var strength: StrengthEstimate?

    /// Creates an evaluation from outcomes in policy order and the `strength` rules' estimate, if any.
    public init(outcomes: [RuleOutcome], strength: StrengthEstimate? = nil) {
        self.outcomes = outcomes
        self.strength = strength
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
