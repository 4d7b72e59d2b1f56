extension ComplianceStandard {
    /// OWASP ASVS 5.0.0 (30 May 2025): the password items of V6 Authentication and V11.4.2, every level.
    package static let owaspASVS50 = ComplianceStandard(
        id: "owasp-asvs-5.0", title: "OWASP ASVS 5.0.0", edition: "asvs-5.0.0",
        source: "OWASP/ASVS tag v5.0.0_release (5cf9b032), 5.0/en/0x15-V6-Authentication.md [primary]",
        wording: .primary,
        clauses: [
            .init(
                "asvs500.6_1_1.throttling_documented", "Rate limiting and lockout abuse documented", .shall,
                .evidence("documentation of anti-automation controls"), cite: "ASVS 5.0 V6.1.1 (L1)"),
            .init(
                "asvs500.6_1_2.context_words_documented", "A documented list of context-specific words", .shall,
                .evidence("the list of organisation and product words is documented"), cite: "ASVS 5.0 V6.1.2 (L2)",
                asvsLevel: 2),
            .init(
                "asvs500.6_2_1.min_length", "Passwords of at least 8 characters", .shall,
                .minLength(soleFactor: 8, multiFactor: 8), cite: "ASVS 5.0 V6.2.1 (L1)"),
            .init(
                "asvs500.6_2_1.min_length_15", "A minimum of 15 characters (strongly recommended)", .should,
                .minLength(soleFactor: 15, multiFactor: 15), cite: "ASVS 5.0 V6.2.1 (L1)"),
            .init(
                "asvs500.6_2_2.user_can_change", "Users can change their password", .shall,
                .evidence("a password change function"), cite: "ASVS 5.0 V6.2.2 (L1)"),
            .init(
                "asvs500.6_2_3.change_needs_current", "A change requires the current password", .shall,
                .evidence("the change form asks for the current password"), cite: "ASVS 5.0 V6.2.3 (L1)"),
            .init(
                "asvs500.6_2_4.top_3000", "Checked against the top 3,000 passwords matching the policy", .shall,
                .blocklistMatchingPolicy(atLeast: 3000), cite: "ASVS 5.0 V6.2.4 (L1)"),
            .init(
                "asvs500.6_2_5.no_composition", "Passwords of any composition", .shallNot,
                .noCompositionOrCharacterLimits,
                cite: "ASVS 5.0 V6.2.5 (L1)"),
            .init(
                "asvs500.6_2_6.masked_input", "Masked input (type=password)", .shall,
                .evidence("the password field is masked"), cite: "ASVS 5.0 V6.2.6 (L1)"),
            .init(
                "asvs500.6_2_7.paste_managers", "Paste and password managers permitted", .shall,
                .evidence("paste, browser helpers and password managers work"), cite: "ASVS 5.0 V6.2.7 (L1)"),
            .init(
                "asvs500.6_2_8.verify_exactly", "Verified exactly as received", .shall, .verifiedExactly,
                cite: "ASVS 5.0 V6.2.8 (L1)"),
            .init(
                "asvs500.6_2_9.max_length_64", "Passwords of at least 64 characters permitted", .shall,
                .maxLengthAtLeast(64), cite: "ASVS 5.0 V6.2.9 (L2)", asvsLevel: 2),
            .init(
                "asvs500.6_2_10.no_rotation", "No periodic rotation", .shallNot, .noPeriodicExpiry,
                cite: "ASVS 5.0 V6.2.10 (L2)", asvsLevel: 2),
            .init(
                "asvs500.6_2_11.context_words_used", "The context-word list is used", .shall, .contextWordList,
                cite: "ASVS 5.0 V6.2.11 (L2)", asvsLevel: 2),
            .init(
                "asvs500.6_2_12.breached_check", "Checked against breached passwords", .shall, .breachedPasswordList,
                cite: "ASVS 5.0 V6.2.12 (L2)", asvsLevel: 2),
            .init(
                "asvs500.6_3_1.throttling_implemented", "Brute-force controls implemented", .shall, .lockoutConfigured,
                cite: "ASVS 5.0 V6.3.1 (L1)"),
            .init(
                "asvs500.6_3_3.mfa_required", "Multi-factor authentication required", .shall, .multiFactorRequired,
                cite: "ASVS 5.0 V6.3.3 (L2)", asvsLevel: 2),
            .init(
                "asvs500.6_4_1.initial_passwords", "Initial passwords random, expiring, not long-term", .shall,
                .evidence("initial passwords are random and must be changed"), cite: "ASVS 5.0 V6.4.1 (L1)"),
            .init(
                "asvs500.6_4_2.no_hints_no_kba", "No hints or secret questions", .shallNot,
                .evidence("no hints, no secret questions"), cite: "ASVS 5.0 V6.4.2 (L1)"),
            .init(
                "asvs500.11_4_2.storage", "Passwords stored with an approved, costly KDF", .shall,
                .evidence("approved KDF with current parameters"), cite: "ASVS 5.0 V11.4.2 (L2)", asvsLevel: 2),
        ])
}
