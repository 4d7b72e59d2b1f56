extension ComplianceStandard {
    /// OWASP ASVS 4.0.3 (October 2021): V2.1 Password Security and the password items of V2.2–V2.5, every level
    /// (each item is required at the levels it marks).
    package static let owaspASVS403 = ComplianceStandard(
        id: "owasp-asvs-4.0.3", title: "OWASP ASVS 4.0.3", edition: "asvs-4.0.3",
        source: "OWASP/ASVS tag v4.0.3_release, 4.0/en/0x11-V2-Authentication.md [primary]",
        wording: .primary,
        clauses: [
            .init(
                "asvs403.2_1_1.min_length", "Passwords of at least 12 characters", .shall,
                .minLength(soleFactor: 12, multiFactor: 12), cite: "ASVS 4.0.3 V2.1.1 (L1)"),
            .init(
                "asvs403.2_1_2.length_window", "64 characters permitted, more than 128 denied", .shall,
                .maxLengthBetween(lower: 64, upper: 128), cite: "ASVS 4.0.3 V2.1.2 (L1)"),
            .init(
                "asvs403.2_1_3.no_truncation", "No truncation", .shall, .noTruncation,
                cite: "ASVS 4.0.3 V2.1.3 (L1)"),
            .init(
                "asvs403.2_1_4.any_printable_unicode", "Any printable Unicode, spaces and emoji", .shall,
                .anyPrintableUnicode, cite: "ASVS 4.0.3 V2.1.4 (L1)"),
            .init(
                "asvs403.2_1_5.user_can_change", "Users can change their password", .shall,
                .evidence("a password change function"), cite: "ASVS 4.0.3 V2.1.5 (L1)"),
            .init(
                "asvs403.2_1_6.change_needs_current", "A change requires the current password", .shall,
                .evidence("the change form asks for the current password"), cite: "ASVS 4.0.3 V2.1.6 (L1)"),
            .init(
                "asvs403.2_1_7.breached_check", "Breached-password check (top 1,000 or more)", .shall,
                .blocklistMatchingPolicy(atLeast: 1000),
                cite: "ASVS 4.0.3 V2.1.7 (L1; also at login, which needs evidence)"),
            .init(
                "asvs403.2_1_8.strength_meter", "A password strength meter", .shall,
                .strengthGuidance("a strength meter is shown"), cite: "ASVS 4.0.3 V2.1.8 (L1)"),
            .init(
                "asvs403.2_1_9.no_composition", "No composition rules", .shallNot, .noCompositionOrCharacterLimits,
                cite: "ASVS 4.0.3 V2.1.9 (L1)"),
            .init(
                "asvs403.2_1_10.no_rotation_no_history", "No periodic rotation or history requirements", .shallNot,
                .noRotationNoHistory, cite: "ASVS 4.0.3 V2.1.10 (L1)"),
            .init(
                "asvs403.2_1_11.paste_managers", "Paste and password managers permitted", .shall,
                .evidence("paste, browser helpers and password managers work"), cite: "ASVS 4.0.3 V2.1.11 (L1)"),
            .init(
                "asvs403.2_1_12.view_password", "The password can be viewed temporarily", .shall,
                .evidence("a show-password option"), cite: "ASVS 4.0.3 V2.1.12 (L1)"),
            .init(
                "asvs403.2_2_1.anti_automation", "No more than 100 failed attempts per hour", .shall,
                .lockoutAtMost(100), cite: "ASVS 4.0.3 V2.2.1 (L1)"),
            .init(
                "asvs403.2_3_1.initial_passwords", "Initial passwords random, expiring, not long-term", .shall,
                .evidence("initial secrets are random and must be changed"), cite: "ASVS 4.0.3 V2.3.1 (L1)"),
            .init(
                "asvs403.2_4_x.storage", "Salted, costly password storage", .shall,
                .evidence("salted KDF, salt ≥ 32 bits, PBKDF2 ≥ 100,000 or bcrypt ≥ 10"),
                cite: "ASVS 4.0.3 V2.4.1–V2.4.5 (L2)", asvsLevel: 2),
            .init(
                "asvs403.2_5_2.no_hints_no_kba", "No hints or secret questions", .shallNot,
                .evidence("no hints, no secret questions"), cite: "ASVS 4.0.3 V2.5.2 (L1)"),
        ])
}
