extension ComplianceStandard {
    /// PCI DSS v4.0.1, Requirement 8.3 (and 8.6.3), defined approach; every clause mandatory since 31 March 2025.
    package static let pciDSS401 = ComplianceStandard(
        id: "pci-dss-4.0.1", title: "PCI DSS v4.0.1 Requirement 8.3", edition: "pci-4.0.1",
        source: "transcriptions of the PCI SSC text (withpci.com, ComplianceAsCode controls/pcidss_4.yml) that agree",
        wording: .verbatimCopy,
        clauses: [
            .init(
                "pci401.8_3_4.lockout_threshold", "Lock out after not more than 10 attempts", .shall,
                .lockoutAtMost(10), cite: "PCI DSS 4.0.1 Req. 8.3.4"),
            .init(
                "pci401.8_3_4.lockout_duration", "Lockout of at least 30 minutes or until identity confirmed", .shall,
                .evidence("lockout ≥ 30 minutes or unlock after an identity check"), cite: "PCI DSS 4.0.1 Req. 8.3.4"),
            .init(
                "pci401.8_3_5.initial_reset_unique", "First-time and reset passwords unique per user", .shall,
                .evidence("unique initial and reset values"), cite: "PCI DSS 4.0.1 Req. 8.3.5"),
            .init(
                "pci401.8_3_5.change_after_first_use", "Forced change immediately after first use", .shall,
                .evidence("a change is forced after first use"), cite: "PCI DSS 4.0.1 Req. 8.3.5"),
            .init(
                "pci401.8_3_6.min_length", "Minimum length 12 (8 where the system does not support 12)", .shall,
                .minLengthUnlessUnsupported(minimum: 12, fallback: 8), cite: "PCI DSS 4.0.1 Req. 8.3.6"),
            .init(
                "pci401.8_3_6.alpha_and_numeric", "Both numeric and alphabetic characters", .shall,
                .requiresLetterAndDigit, cite: "PCI DSS 4.0.1 Req. 8.3.6"),
            .init(
                "pci401.8_3_7.history_4", "Not the same as any of the last four", .shall, .historyAtLeast(4),
                cite: "PCI DSS 4.0.1 Req. 8.3.7"),
            .init(
                "pci401.8_3_8.policy_communicated", "Authentication policy documented and communicated", .shall,
                .evidence("guidance to users is documented and communicated"), cite: "PCI DSS 4.0.1 Req. 8.3.8"),
            .init(
                "pci401.8_3_9.rotation_or_dynamic", "Password-only access: change every 90 days or dynamic analysis",
                .shall, .maxAgeWhenSoleFactor(atMostDays: 90), cite: "PCI DSS 4.0.1 Req. 8.3.9"),
            .init(
                "pci401.8_3_10_1.customer_rotation", "Service providers: customer passwords as 8.3.9", .shall,
                .evidence("service providers only: customer password-only access changed every 90 days"),
                cite: "PCI DSS 4.0.1 Req. 8.3.10.1"),
            .init(
                "pci401.8_3_2.strong_crypto", "Factors unreadable in transit and storage", .shall,
                .evidence("strong cryptography in transit and at rest"), cite: "PCI DSS 4.0.1 Req. 8.3.2"),
            .init(
                "pci401.8_6_3.system_accounts", "System accounts changed per a targeted risk analysis", .shall,
                .evidence("system and application accounts: change frequency from a targeted risk analysis"),
                cite: "PCI DSS 4.0.1 Req. 8.6.3"),
        ])
}
