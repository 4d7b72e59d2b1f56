/// One rule's verdict on one candidate, with a stable reason code and an English message.
public struct RuleOutcome: Sendable, Equatable {
    /// Index of the rule in the policy.
    public var ruleIndex: Int
    /// The rule's id.
    public var ruleID: String
    /// The rule's label.
    public var label: String
    /// Whether the rule passed.
    public var passed: Bool
    /// The stable reason code, such as `length.ok` or `length.too-short` (see docs/reason-codes.md).
    public var code: String
    /// The rule's thresholds, such as `["min": 12, "max": 64]`.
    public var required: [String: Int]
    /// What the candidate has, such as `["length": 5]`; never the password's text.
    public var actual: [String: Int]
    /// An English sentence for people, such as "Use at least 12 characters (has 5)."; never holds the password.
    public var message: String

    /// Creates an outcome.
    public init(
        ruleIndex: Int, ruleID: String, label: String, passed: Bool, code: String, required: [String: Int],
        actual: [String: Int], message: String
    ) {
        self.ruleIndex = ruleIndex
        self.ruleID = ruleID
        self.label = label
        self.passed = passed
        self.code = code
        self.required = required
        self.actual = actual
        self.message = message
    }
}
