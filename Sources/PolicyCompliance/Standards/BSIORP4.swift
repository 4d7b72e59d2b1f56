extension ComplianceStandard {
    /// BSI IT-Grundschutz-Kompendium (Edition 2022) ORP.4 Identitäts- und Berechtigungsmanagement: MUSS is SHALL,
    /// SOLLTE is SHOULD. ORP.4 sets no numbers for length, history or lockout; each institution sets its own.
    package static let bsiORP4 = ComplianceStandard(
        id: "bsi-orp4", title: "BSI IT-Grundschutz ORP.4 (Edition 2022)", edition: "bsi-orp4-2022",
        source: "nfelger/it-grundschutz-bausteine bausteine_2022/ORP.4.md [transcription]",
        wording: .verbatimCopy,
        clauses: [
            .init(
                "bsi.orp4_a8.no_common_passwords", "No easily guessed or listed passwords", .shallNot,
                .blocklistPresent, cite: "ORP.4.A8 (B)"),
            .init(
                "bsi.orp4_a8.change_on_compromise", "Change a password known to others", .shall,
                .evidence("a change is forced when compromise is known or suspected"), cite: "ORP.4.A8 (B)"),
            .init(
                "bsi.orp4_a8.unique_per_system", "A separate password per system", .shall,
                .evidence("passwords are not reused across systems"), cite: "ORP.4.A8 (B)"),
            .init(
                "bsi.orp4_a8.password_manager", "Consider a password manager", .should,
                .evidence("password managers are allowed"), cite: "ORP.4.A8 (B)"),
            .init(
                "bsi.orp4_a22.quality", "Passwords of suitable quality, documented", .shall,
                .evidence("a documented rationale for the password rules"), cite: "ORP.4.A22 (B)"),
            .init(
                "bsi.orp4_a23.no_time_based_change", "Avoid purely time-based changes", .shouldNot, .noPeriodicExpiry,
                cite: "ORP.4.A23 (B)"),
            .init(
                "bsi.orp4_a23.compromise_detection", "Measures to detect compromised passwords", .shall,
                .evidence("compromise detection"), cite: "ORP.4.A23 (B)"),
            .init(
                "bsi.orp4_a23.full_length_checked", "The full length is verified", .should, .noTruncation,
                cite: "ORP.4.A23 (B)"),
            .init(
                "bsi.orp4_a23.no_old_passwords", "Old passwords not reused after a change", .shallNot,
                .historyAtLeast(1), cite: "ORP.4.A23 (B)"),
            .init(
                "bsi.orp4_a23.default_passwords", "Default passwords replaced", .shall,
                .evidence("default passwords are replaced"), cite: "ORP.4.A23 (B)"),
            .init(
                "bsi.orp4_a23.generic_error", "A failed login does not say which part was wrong", .should,
                .evidence("generic login error messages"), cite: "ORP.4.A23 (B)"),
            .init(
                "bsi.orp4_a13.delay_and_lockout", "Growing delay and lockout after failures", .should,
                .lockoutConfigured, cite: "ORP.4.A13 (S)"),
        ])
}
