import PasswordPolicy

/// Apple password rules in the canonical form of Apple's parser (`parsePasswordRules`): each `required` property
/// kept in order, `allowed` the union of every `allowed` and `required` value (`ascii-printable` when there is
/// none), the largest `minlength`, the smallest `maxlength` and the smallest `max-consecutive`.
package struct PasswordRulesDescriptor: Hashable, Sendable {
    /// The `required` properties, in order: each needs one character of its set.
    package var required: [PasswordRulesCharacterSet]
    /// The characters a password may use.
    package var allowed: PasswordRulesCharacterSet
    /// The longest run of one character, if limited.
    package var maxConsecutive: Int?
    /// The minimum length, if any (0 is none).
    package var minLength: Int?
    /// The maximum length, if any.
    package var maxLength: Int?

    /// A descriptor from its parts; `allowed` is taken as given (call ``canonicalized()`` to fold `required` in).
    package init(
        required: [PasswordRulesCharacterSet] = [], allowed: PasswordRulesCharacterSet = .asciiPrintable,
        maxConsecutive: Int? = nil, minLength: Int? = nil, maxLength: Int? = nil
    ) {
        self.required = required
        self.allowed = allowed
        self.maxConsecutive = maxConsecutive
        self.minLength = minLength
        self.maxLength = maxLength
    }

    /// The rules as text, in Apple's canonical order: `required: upper; allowed: upper, lower; max-consecutive: 2;
    /// minlength: 8; maxlength: 64;`.
    package var text: String {
        var properties = required.map { "required: \($0.descriptorValue)" }
        properties.append("allowed: \(allowed.descriptorValue)")
        if let maxConsecutive { properties.append("max-consecutive: \(maxConsecutive)") }
        if let minLength { properties.append("minlength: \(minLength)") }
        if let maxLength { properties.append("maxlength: \(maxLength)") }
        return properties.map { $0 + ";" }.joined(separator: " ")
    }
}
