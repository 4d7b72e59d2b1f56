/// One line of the checklist: a policy rule and whether the typed password satisfies it.
public struct ChecklistItem: Sendable, Equatable {
    /// The rule's id.
    public var ruleID: String
    /// The rule's label, such as "At least 12 characters".
    public var label: String
    /// Whether the rule passes.
    public var isSatisfied: Bool
    /// What to do (when unsatisfied) or the label (when satisfied); never contains the password.
    public var message: String

    /// Creates an item.
    public init(ruleID: String, label: String, isSatisfied: Bool, message: String) {
        self.ruleID = ruleID
        self.label = label
        self.isSatisfied = isSatisfied
        self.message = message
    }
}
