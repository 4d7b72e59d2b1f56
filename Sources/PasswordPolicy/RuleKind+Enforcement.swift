extension RuleKind {
    /// Whether pwquality mode reads this rule from the password's UTF-8 bytes as typed (libpwquality's own checks)
    /// rather than from the normalized scalars (``RuleEvaluator/isBytewise(_:)`` makes the same split for compiled
    /// rules).
    package var readsTypedBytesInPwquality: Bool {
        switch self {
        case .length, .require(.named, _), .classes, .maxRepeat, .maxSequence, .maxClassRepeat, .palindrome, .context,
            .forbiddenWords:
            return true
        case .require(.chars, _), .allowed, .blocklist, .breached, .bannedTerms, .pattern, .strength:
            return false
        }
    }

    /// Whether the rule can refuse a password for the mix, repetition or order of its characters when evaluated in
    /// `mode`: `require`, `classes`, `max-repeat`, `max-sequence`, `max-class-repeat` (not one of 1 in pwquality mode,
    /// which libpwquality 1.4.5 never checks), a `pattern` that must match, and a `length` with credits (which
    /// rewards some classes with a shorter minimum).
    package func isComposition(in mode: EvaluationMode) -> Bool {
        switch self {
        case .require, .classes, .maxRepeat, .maxSequence: true
        case .maxClassRepeat(let max): mode != .pwquality || RuleEvaluator.pwqualityChecksClassRuns(max: max)
        case .pattern(_, let must, _): must == .match
        case .length(_, _, let credits): !credits.isEmpty
        case .allowed, .blocklist, .breached, .bannedTerms, .context, .forbiddenWords, .palindrome, .strength: false
        }
    }
}
