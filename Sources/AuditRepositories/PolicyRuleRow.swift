/// One rule of a policy version as stored in `policy_rule`; `bit` is its position and its failure-mask bit.
package struct PolicyRuleRow: Sendable, Equatable {
    /// Position of the rule in the version (0…63) = bit of `attempt.failed_mask` set when the rule fails.
    package var bit: Int
    /// The rule's stable identifier within the policy, e.g. `min-length`.
    package var ruleID: String
    /// The rule's kind as the engine names it, e.g. `length`.
    package var kind: String
    /// Human-readable label, e.g. `At least 12 characters`.
    package var label: String
    /// The rule's canonical JSON.
    package var definition: String

    /// Creates a row.
    package init(bit: Int, ruleID: String, kind: String, label: String, definition: String) {
        self.bit = bit
        self.ruleID = ruleID
        self.kind = kind
        self.label = label
        self.definition = definition
    }
}
