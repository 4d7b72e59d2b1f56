extension ComplianceStandard {
    /// Microsoft 365 password policy recommendations for administrators, with Entra Password Protection's custom
    /// banned list: all recommendations (SHOULD).
    package static let microsoft2024 = ComplianceStandard(
        id: "microsoft-2024", title: "Microsoft 365 / Entra password recommendations",
        edition: "ms365-entra-doc-2025-03",
        source:
            "MicrosoftDocs microsoft-365-docs password-policy-recommendations.md; entra-docs concept-password-ban-bad.md",
        wording: .primary,
        clauses: [
            .init(
                "ms365.min_length_8", "Maintain an 8-character minimum", .should,
                .minLength(soleFactor: 8, multiFactor: 8), cite: "Microsoft 365 password policy recommendations"),
            .init(
                "ms365.no_composition", "Don't require character composition", .shouldNot, .noCompositionRules,
                cite: "Microsoft 365 password policy recommendations"),
            .init(
                "ms365.no_periodic_reset", "Don't require periodic password resets", .shouldNot, .noPeriodicExpiry,
                cite: "Microsoft 365 password policy recommendations"),
            .init(
                "ms365.ban_common", "Ban common passwords", .should, .blocklistPresent,
                cite: "Microsoft 365 password policy recommendations; Entra Password Protection"),
            .init(
                "entra.custom_banned_list", "A custom banned list of the organisation's terms", .should,
                .contextWordList, cite: "Entra Password Protection, custom banned password list"),
            .init(
                "ms365.mfa_registration", "Enforce multi-factor authentication", .should, .multiFactorRequired,
                cite: "Microsoft 365 password policy recommendations"),
        ])
}
