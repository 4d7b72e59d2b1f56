/// Every standard pwaudit checks and the known conflicts between them: the data behind `pwaudit compliance`.
package enum ComplianceCatalog {
    /// The standards, in the order reports list them.
    package static let standards: [ComplianceStandard] = [
        .nist80063B4, .nist80063B3, .owaspASVS50, .owaspASVS403, .pciDSS401, .cisPassword2021, .microsoft2024, .ncsc,
        .bsiORP4,
    ]

    /// The standard with id `id`, if any.
    package static func standard(id: String) -> ComplianceStandard? {
        standards.first { $0.id == id }
    }

    /// The conflicts of standards.md §8 that policy clauses can show (C6–C8 and C10 need attributes or
    /// evidence a policy file does not hold, or a profile pwaudit does not model), and C11, found since.
    package static let conflicts: [StandardConflict] = [
        StandardConflict(
            "C1", "Composition rules",
            sideA: ["pci401.8_3_6.alpha_and_numeric", "cisppg.5_1_2.nonalpha_password_only"],
            sideB: [
                "nist63b4.no_composition_rules", "nist63b3.no_composition_rules", "asvs403.2_1_9.no_composition",
                "asvs500.6_2_5.no_composition", "ms365.no_composition", "ce.no_complexity",
            ],
            resolution:
                "not resolvable for NIST rev 4 against PCI's defined approach (only PCI's customized approach bridges it); "
                + "CIS's rule applies to password-only accounts"),
        StandardConflict(
            "C2", "Periodic rotation",
            sideA: ["pci401.8_3_9.rotation_or_dynamic", "cisppg.5_1_3.expiration_backstop"],
            sideB: [
                "nist63b4.no_periodic_change", "nist63b3.no_periodic_change", "asvs403.2_1_10.no_rotation_no_history",
                "asvs500.6_2_10.no_rotation", "ms365.no_periodic_reset", "bsi.orp4_a23.no_time_based_change",
                "ce.no_forced_expiry",
            ],
            resolution:
                "PCI 8.3.9 does not apply where the password is one factor of MFA (or with dynamic risk analysis); "
                + "the CIS guide's one-year backstop cannot meet NIST rev 4"),
        StandardConflict(
            "C3", "Password history",
            sideA: ["pci401.8_3_7.history_4", "cisppg.5_1_4.history", "bsi.orp4_a23.no_old_passwords"],
            sideB: ["asvs403.2_1_10.no_rotation_no_history"],
            resolution: "not resolvable between ASVS 4.0.3 and the others; ASVS 5.0 dropped the clause"),
        StandardConflict(
            "C4", "Maximum length cap",
            sideA: ["asvs403.2_1_2.length_window"],
            sideB: ["cisppg.5_1_1.max_length_unlimited", "ce.no_max_length"],
            resolution: "not resolvable between ASVS 4.0.3 (cap ≤ 128) and CIS / Cyber Essentials (no cap)"),
        StandardConflict(
            "C5", "Minimum length",
            sideA: [
                "nist63b4.min_length_single_factor", "cisppg.5_1_1.min_length_password_only",
                "asvs403.2_1_1.min_length", "pci401.8_3_6.min_length",
            ],
            sideB: ["asvs500.6_2_1.min_length", "ms365.min_length_8"],
            resolution: "resolvable: 15 satisfies every required minimum (Microsoft's caution is advisory)"),
        StandardConflict(
            "C9", "Lockout threshold",
            sideA: ["pci401.8_3_4.lockout_threshold", "cisppg.5_1_6.lockout", "ce.brute_force"],
            sideB: ["nist63b4.rate_limiting", "nist63b3.rate_limiting", "asvs403.2_2_1.anti_automation"],
            resolution: "resolvable: a threshold of 1–5 (with a 30-minute lockout) meets every required clause"),
        StandardConflict(
            "C11", "Unicode normalization",
            sideA: ["nist63b3.unicode_normalization"],
            sideB: ["asvs500.6_2_8.verify_exactly"],
            resolution:
                "not resolvable between NIST rev 3, which asks for NFKC or NFKD, and ASVS 5.0 6.2.8, for which NFKC's "
                + "compatibility folding is a modification; NFC meets ASVS 5.0 and NIST rev 4 as pwaudit reads it"),
    ]
}
