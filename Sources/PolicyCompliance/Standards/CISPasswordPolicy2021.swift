extension ComplianceStandard {
    /// Why no CIS value is confirmed.
    private static let unconfirmed =
        "the guide's values come from summaries of it (Specops, Broadview) that agree; its PDF was not read"

    /// CIS Password Policy Guide v21.12 (December 2021), with the length split of CIS Controls v8 Safeguard 5.2.
    ///
    /// The guide's items are recommendations, and so are the length minimums: Safeguard 5.2 gives them as what a
    /// "best practice implementation includes" ("at a minimum, an 8-character password for accounts using MFA and a
    /// 14-character password for accounts not using MFA"), not as requirements. Every value comes from summaries of
    /// the guide, not from its text, so none is confirmed: a failure here is a warning.
    package static let cisPassword2021 = ComplianceStandard(
        id: "cis-password-2021", title: "CIS Password Policy Guide v21.12", edition: "cis-ppg-v21.12",
        source: "values from secondary summaries (Specops, Broadview) that agree; Safeguard 5.2 quoted verbatim",
        wording: .secondary,
        clauses: [
            .init(
                "cisppg.5_1_1.min_length_mfa", "Minimum length 8 with MFA", .should,
                .minLength(soleFactor: nil, multiFactor: 8), cite: "CIS PPG §5.1.1; CIS Controls v8 Safeguard 5.2",
                unconfirmed: unconfirmed),
            .init(
                "cisppg.5_1_1.min_length_password_only", "Minimum length 14 for password-only accounts", .should,
                .minLength(soleFactor: 14, multiFactor: nil), cite: "CIS PPG §5.1.1; CIS Controls v8 Safeguard 5.2",
                unconfirmed: unconfirmed),
            .init(
                "cisppg.5_1_1.max_length_unlimited", "No maximum length", .should, .noMaxLength, cite: "CIS PPG §5.1.1",
                unconfirmed: unconfirmed),
            .init(
                "cisppg.5_1_2.allow_all_types", "No forbidden character types", .should, .noForbiddenCharacters,
                cite: "CIS PPG §5.1.2", unconfirmed: unconfirmed),
            .init(
                "cisppg.5_1_2.nonalpha_password_only", "Password-only accounts: at least one non-letter", .should,
                .requiresNonLetterWhenSoleFactor, cite: "CIS PPG §5.1.2", unconfirmed: unconfirmed),
            .init(
                "cisppg.5_1_3.expiration_backstop", "Change on events, with a one-year expiry backstop", .should,
                .expiryBackstop(atMostDays: 365), cite: "CIS PPG §5.1.3", unconfirmed: unconfirmed),
            .init(
                "cisppg.5_1_4.deny_list", "Deny the top 20 or more common passwords", .should,
                .blocklistSize(atLeast: 20), cite: "CIS PPG §5.1.4", unconfirmed: unconfirmed),
            .init(
                "cisppg.5_1_4.history", "Refuse the last 5 or more passwords", .should, .historyAtLeast(5),
                cite: "CIS PPG §5.1.4", unconfirmed: unconfirmed),
            .init(
                "cisppg.5_1_4.change_delay", "Password change delay of at least one day", .should,
                .evidence("minimum password age ≥ 1 day"), cite: "CIS PPG §5.1.4", unconfirmed: unconfirmed),
            .init(
                "cisppg.5_1_6.lockout", "Lock out for 15 minutes after 5 failures (or doubling throttling)", .should,
                .lockoutAtMost(5), cite: "CIS PPG §5.1.6 (the 15-minute duration needs evidence)",
                unconfirmed: unconfirmed),
            .init(
                "cisppg.5_1_7.monitor_failures", "Monitor failed logins", .should,
                .evidence("failed logins are monitored"), cite: "CIS PPG §5.1.7", unconfirmed: unconfirmed),
            .init(
                "cisppg.5_1_8.suspend_non_use", "Suspend accounts after non-use", .should,
                .evidence("dormant accounts are suspended"), cite: "CIS PPG §5.1.8", unconfirmed: unconfirmed),
            .init(
                "cisppg.5_1_9.no_hints", "No password hints", .should, .evidence("no hints stored or shown"),
                cite: "CIS PPG §5.1.9", unconfirmed: unconfirmed),
            .init(
                "cisppg.5_2_x.optional", "Strength indicator, show password, managers, paste", .may,
                .evidence("the optional usability features"), cite: "CIS PPG §5.2.1–§5.2.4", unconfirmed: unconfirmed),
        ])
}
