import PasswordPolicy

/// The property of a policy one clause checks, with the value the standard requires (standards.md, "Check").
package enum ClauseCheck: Sendable, Equatable {
    /// Minimum length in code points: `soleFactor` when the password is the only factor (or usage is not declared),
    /// `multiFactor` when it is one factor of MFA; a nil side makes the clause not applicable to that usage.
    case minLength(soleFactor: Int?, multiFactor: Int?)
    /// Cyber Essentials: MFA with a minimum of `withMFA`, or a minimum of `alone`, or a minimum of `withBlocklist`
    /// plus a blocklist.
    case lengthOrMFA(alone: Int, withBlocklist: Int, withMFA: Int)
    /// A minimum of `minimum`, or of `fallback` where the system is declared not to support `minimum` characters
    /// (PCI DSS 8.3.6).
    case minLengthUnlessUnsupported(minimum: Int, fallback: Int)
    /// No cap, or a cap of at least `minimum`.
    case maxLengthAtLeast(Int)
    /// A cap between `lower` and `upper` (ASVS 4.0.3 2.1.2: ≥ 64 permitted, > 128 denied).
    case maxLengthBetween(lower: Int, upper: Int)
    /// No maximum length at all.
    case noMaxLength
    /// Length counted in Unicode code points (scalars).
    case lengthInCodePoints
    /// Every printable ASCII character and the space accepted.
    case printableASCIIAndSpace
    /// Unicode (non-ASCII letters) accepted.
    case unicodeAccepted
    /// Any printable Unicode accepted: printable ASCII, letters of every script, spaces and emoji.
    case anyPrintableUnicode
    /// No character class forbidden (no `allowed` rule that refuses a printable character).
    case noForbiddenCharacters
    /// Unicode normalization in one of `forms`; not applicable when Unicode is refused.
    case normalization([Normalization])
    /// The whole password checked: no truncation (the policy format has none; length caps reject, never cut).
    case noTruncation
    /// Verified exactly as received: no truncation, no case transformation, no compatibility folding (NFKC changes
    /// `ﬁ` to `fi` and full-width letters to ASCII), which the standard does not ask for (ASVS 5.0 6.2.8).
    case verifiedExactly
    /// No composition rule: no `require`, `classes`, `max-repeat`, `max-sequence` or must-match `pattern`.
    case noCompositionRules
    /// No composition rule and no rule limiting the type of characters permitted: an `allowed` rule that refuses
    /// a printable character counts (ASVS 5.0 6.2.5, ASVS 4.0.3 2.1.9).
    case noCompositionOrCharacterLimits
    /// Letters and digits both required (PCI 8.3.6).
    case requiresLetterAndDigit
    /// A non-letter required when the password is the only factor (CIS 5.1.2).
    case requiresNonLetterWhenSoleFactor
    /// A blocklist of at least one entry.
    case blocklistPresent
    /// A blocklist compared with the whole password (the engine's blocklist never matches substrings).
    case blocklistWholePassword
    /// A blocklist of at least this many entries.
    case blocklistSize(atLeast: Int)
    /// At least this many blocklist entries the rest of the policy would accept (ASVS 5.0 6.2.4).
    case blocklistMatchingPolicy(atLeast: Int)
    /// A blocklist drawn from breached passwords (a built-in list, named in the finding; a file list needs an
    /// attestation).
    case breachedPasswordList
    /// A `context` rule: the password may not contain the user's name or email.
    case contextWordCheck
    /// A documented list of the organisation's context words (inline blocklist `words`).
    case contextWordList
    /// No periodic expiry: `max-age-days` 0.
    case noPeriodicExpiry
    /// Expiry within `days` when the password is the only factor, or a declared dynamic analysis of the accounts'
    /// security posture (PCI 8.3.9); not applicable under MFA; needs evidence when neither is shown.
    case maxAgeWhenSoleFactor(atMostDays: Int)
    /// An expiry backstop between 1 and `days` (CIS guide 5.1.3).
    case expiryBackstop(atMostDays: Int)
    /// `history` of at least this many previous passwords.
    case historyAtLeast(Int)
    /// No periodic rotation and no history requirement (ASVS 4.0.3 2.1.10).
    case noRotationNoHistory
    /// A lockout after at most this many failed attempts.
    case lockoutAtMost(Int)
    /// At least one of: MFA, a lockout after at most `lockoutAtMost` attempts, a declared throttle of at most
    /// `throttleAttempts` guesses in `minutes` minutes (Cyber Essentials).
    case bruteForceOneOf(lockoutAtMost: Int, throttleAttempts: Int, minutes: Int)
    /// A lockout after some number of failed attempts.
    case lockoutConfigured
    /// MFA required: `usage` multi-factor.
    case multiFactorRequired
    /// Strength guidance or a meter offered to the user: shown by a `strength` rule (its refusals name zxcvbn's
    /// warning, and the engine's checklist shows the score meter, warning and suggestions); without one, the text says
    /// what to attest.
    case strengthGuidance(String)
    /// Not shown by a policy file: hashing, TLS, UI, process or runtime data; the text says what to attest.
    case evidence(String)
}
