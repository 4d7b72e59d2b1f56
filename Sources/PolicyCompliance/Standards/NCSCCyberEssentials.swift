extension ComplianceStandard {
    /// UK NCSC Cyber Essentials: Requirements for IT Infrastructure v3.1, user access control, password-based
    /// authentication, from a verbatim copy of the requirements document.
    package static let ncsc = ComplianceStandard(
        id: "ncsc", title: "UK NCSC Cyber Essentials v3.1", edition: "ce-requirements-v3.1",
        source: "verbatim copy of Cyber Essentials: Requirements for IT Infrastructure v3.1 [transcription]",
        wording: .verbatimCopy,
        clauses: [
            .init(
                "ce.length_or_mfa",
                "MFA with 8 characters, or 12 characters, or 8 with automatic blocking of common "
                    + "passwords", .shall, .lengthOrMFA(alone: 12, withBlocklist: 8, withMFA: 8),
                cite: "Cyber Essentials v3.1 password-based authentication: password quality; 4.2.4 (MFA)"),
            .init(
                "ce.no_max_length", "No maximum password length", .shallNot, .noMaxLength,
                cite: "Cyber Essentials v3.1 password-based authentication: password quality"),
            .init(
                "ce.brute_force", "At least one of: MFA, throttling (10 guesses in 5 minutes), lockout after 10",
                .shall, .bruteForceOneOf(lockoutAtMost: 10, throttleAttempts: 10, minutes: 5),
                cite: "Cyber Essentials v3.1 password-based authentication 4.2.1"),
            .init(
                "ce.change_on_compromise", "Change passwords on compromise", .shall,
                .evidence("a change is forced when compromise is known"),
                cite: "Cyber Essentials v3.1 password-based authentication"),
            .init(
                "ce.user_policy", "Guide users to good passwords", .shall,
                .evidence("user guidance: avoid common passwords, no reuse, password managers"),
                cite: "Cyber Essentials v3.1 password-based authentication 4.2.3"),
            .init(
                "ce.no_forced_expiry", "Not enforcing regular password expiry", .shallNot, .noPeriodicExpiry,
                cite: "Cyber Essentials v3.1 password-based authentication 4.2.3"),
            .init(
                "ce.no_complexity", "Not enforcing password complexity requirements", .shallNot, .noCompositionRules,
                cite: "Cyber Essentials v3.1 password-based authentication 4.2.3"),
        ])
}
