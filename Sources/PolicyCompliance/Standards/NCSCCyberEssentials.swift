extension ComplianceStandard {
    /// UK NCSC password guidance as Cyber Essentials requires it (IT infrastructure requirements).
    package static let ncsc = ComplianceStandard(
        id: "ncsc", title: "UK NCSC / Cyber Essentials", edition: "ce-requirements-secondary",
        source: "consultancy summaries of the Cyber Essentials requirements (URM, Specops) [secondary]",
        clauses: [
            .init(
                "ce.length_or_mfa", "MFA, or 12 characters, or 8 with automatic blocking of common passwords", .shall,
                .lengthOrMFA(alone: 12, withBlocklist: 8), cite: "Cyber Essentials: user access control, passwords"),
            .init(
                "ce.no_max_length", "No maximum password length", .shallNot, .noMaxLength,
                cite: "Cyber Essentials: user access control, passwords"),
            .init(
                "ce.brute_force", "Lock out after no more than 10 attempts (or throttle to 10 per 5 minutes)",
                .shall, .lockoutAtMost(10), cite: "Cyber Essentials: brute-force protection"),
            .init(
                "ce.change_on_compromise", "Change passwords on compromise", .shall,
                .evidence("a change is forced when compromise is known"), cite: "Cyber Essentials: passwords"),
            .init(
                "ce.user_policy", "Guide users to good passwords", .shall,
                .evidence("user guidance: avoid common passwords, no reuse, password managers"),
                cite: "Cyber Essentials: passwords"),
            .init(
                "ce.no_forced_expiry", "Forced expiry not required", .may, .noPeriodicExpiry,
                cite: "Cyber Essentials; NCSC password guidance"),
            .init(
                "ce.no_complexity", "Complexity rules not required", .may, .noCompositionRules,
                cite: "Cyber Essentials; NCSC password guidance"),
        ])
}
