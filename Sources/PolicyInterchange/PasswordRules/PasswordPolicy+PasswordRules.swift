import PasswordPolicy

extension PasswordPolicy {
    /// The policy as Apple password rules, for an app's `UITextInputPasswordRules(descriptor:)` or a web page's
    /// `passwordrules` attribute, so that AutoFill generates passwords this policy accepts.
    ///
    /// Classes are written with Apple's (ASCII) meanings; a Unicode-mode `special` becomes the 32 ASCII symbols
    /// (Apple's `special` includes space) and `letter` becomes `upper, lower`. Non-ASCII allowed characters are left
    /// out, which only narrows what a generator picks. Rules the language has no word for (`blocklist`, breach
    /// corpora, `banned-terms`, `context`, `pattern`, `max-sequence`, `max-class-repeat`, `palindrome`,
    /// `forbidden-words`, counts above 1, credits, "k of n classes") are listed in ``PasswordRulesExport/unexpressed``;
    /// the descriptor says the rest.
    public func passwordRules() -> PasswordRulesExport {
        var descriptor = PasswordRulesDescriptor(allowed: .unicode)
        var unexpressed: [UnexpressedRule] = []
        func leaveOut(_ rule: PolicyRule, _ reason: String) {
            unexpressed.append(UnexpressedRule(ruleID: rule.id, rule: rule.kind.name, reason: reason))
        }
        for rule in rules {
            switch rule.kind {
            case .length(let min, let max, let credits):
                if min > 0 { descriptor.minLength = Swift.max(descriptor.minLength ?? 0, min) }
                if let max { descriptor.maxLength = Swift.min(descriptor.maxLength ?? .max, max) }
                if !credits.isEmpty {
                    leaveOut(rule, "length credits cannot be expressed (minlength is the full \(min))")
                }
            case .require(let required, let min):
                let set = passwordRulesSet(required)
                if min > 1 { leaveOut(rule, "only one character of a class can be required, not \(min)") }
                if case .chars(let chars) = required,
                    chars.unicodeScalars.contains(where: { !Self.isPrintableASCII($0) })
                {
                    leaveOut(rule, "characters outside ASCII cannot be required")
                }
                if !set.isEmpty { descriptor.required.append(set) }
            case .classes(let min, let of):
                let sets = of.map { passwordRulesSet(.named($0)) }
                if min == 1 {
                    descriptor.required.append(sets.reduce(PasswordRulesCharacterSet()) { $0.union($1) })
                } else if min == of.count {
                    descriptor.required += sets
                } else {
                    leaveOut(rule, "\(min) of \(of.count) classes cannot be expressed")
                }
            case .allowed(let classes, let chars):
                var set = PasswordRulesCharacterSet(chars.unicodeScalars.compactMap { Self.asciiByte($0) })
                for cls in classes { set = set.union(passwordRulesSet(.named(cls))) }
                descriptor.allowed = descriptor.allowed.intersection(set)
            case .maxRepeat(let max):
                descriptor.maxConsecutive = Swift.min(descriptor.maxConsecutive ?? .max, max)
            case .blocklist: leaveOut(rule, "a blocklist cannot be expressed")
            case .breached: leaveOut(rule, "a breach corpus cannot be expressed")
            case .bannedTerms: leaveOut(rule, "banned terms cannot be expressed")
            case .context: leaveOut(rule, "a context (username, email) check cannot be expressed")
            case .pattern: leaveOut(rule, "a pattern cannot be expressed")
            case .maxSequence: leaveOut(rule, "a sequence limit cannot be expressed")
            case .maxClassRepeat: leaveOut(rule, "a class-run limit cannot be expressed")
            case .palindrome: leaveOut(rule, "a palindrome check cannot be expressed")
            case .forbiddenWords: leaveOut(rule, "forbidden words cannot be expressed")
            case .strength: leaveOut(rule, "a strength estimate cannot be expressed")
            }
        }
        return PasswordRulesExport(descriptor: descriptor.text, unexpressed: unexpressed)
    }

    /// The ASCII-printable characters a `require` value stands for in this policy's evaluation mode.
    func passwordRulesSet(_ required: RequiredCharacters) -> PasswordRulesCharacterSet {
        switch required {
        case .chars(let chars):
            return PasswordRulesCharacterSet(chars.unicodeScalars.compactMap { Self.asciiByte($0) })
        case .named(let cls):
            return PasswordRulesCharacterSet(
                (0x20...0x7E).filter { byte in
                    // Unicode mode: space is a class of its own, not `special`; Apple and libpwquality count it.
                    cls.contains(Unicode.Scalar(UInt8(byte)), mode: evaluation == .unicode ? .unicode : .apple)
                }.map { UInt8($0) })
        }
    }

    private static func isPrintableASCII(_ scalar: Unicode.Scalar) -> Bool {
        (0x20...0x7E).contains(scalar.value)
    }

    private static func asciiByte(_ scalar: Unicode.Scalar) -> UInt8? {
        isPrintableASCII(scalar) ? UInt8(scalar.value) : nil
    }
}
