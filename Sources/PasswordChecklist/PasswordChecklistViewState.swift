import PasswordPolicy

/// Everything a checklist view shows, as one immutable value; it never carries the password.
public struct PasswordChecklistViewState: Sendable, Equatable {
    /// One item per policy rule, in policy order.
    public var items: [ChecklistItem]
    /// Whether every rule passes, so the reset button is enabled.
    public var resetUnlocked: Bool
    /// The strength meter, when the policy has a `strength` rule (nil otherwise).
    public var strength: StrengthMeter?

    /// Creates a state.
    public init(items: [ChecklistItem], resetUnlocked: Bool, strength: StrengthMeter? = nil) {
        self.items = items
        self.resetUnlocked = resetUnlocked
        self.strength = strength
    }

    /// The state for an evaluation: one item per outcome.
    public init(_ evaluation: PolicyEvaluation) {
        items = evaluation.outcomes.map {
            ChecklistItem(ruleID: $0.ruleID, label: $0.label, isSatisfied: $0.passed, message: $0.message)
        }
        resetUnlocked = evaluation.unlocksReset
        strength = nil
    }
}
