/// Everything a checklist view shows, as one immutable value; it never carries the password.
public struct PasswordChecklistViewState: Sendable, Equatable {
    /// One item per policy rule, in policy order.
    public var items: [ChecklistItem]
    /// Whether every rule passes, so the reset button is enabled.
    public var resetUnlocked: Bool

    /// Creates a state.
    public init(items: [ChecklistItem], resetUnlocked: Bool) {
        self.items = items
        self.resetUnlocked = resetUnlocked
    }

    /// The state for an evaluation: one item per outcome.
    public init(_ evaluation: PolicyEvaluation) {
        items = evaluation.outcomes.map {
            ChecklistItem(ruleID: $0.ruleID, label: $0.label, isSatisfied: $0.passed, message: $0.message)
        }
        resetUnlocked = evaluation.unlocksReset
    }
}
