import PasswordPolicy

/// A policy written as Apple password rules (the `passwordrules` attribute, `UITextInputPasswordRules`), with the
/// rules that the language cannot say.
public struct PasswordRulesExport: Sendable, Equatable {
    /// The rules text, such as `required: upper; required: digit; allowed: ascii-printable; minlength: 12;`.
    public var descriptor: String
    /// The policy's rules (or parts of rules) the text leaves out, in policy order; empty when it says everything.
    public var unexpressed: [UnexpressedRule]

    /// Creates an export.
    public init(descriptor: String, unexpressed: [UnexpressedRule]) {
        self.descriptor = descriptor
        self.unexpressed = unexpressed
    }
}

/// A rule (or part of one) that an export format cannot express.
public struct UnexpressedRule: Sendable, Equatable {
    /// The rule's id.
    public var ruleID: String
    /// The rule's name, such as `blocklist`.
    public var rule: String
    /// What is left out, such as "a blocklist cannot be expressed".
    public var reason: String

    /// Creates one.
    public init(ruleID: String, rule: String, reason: String) {
        self.ruleID = ruleID
        self.rule = rule
        self.reason = reason
    }
}
