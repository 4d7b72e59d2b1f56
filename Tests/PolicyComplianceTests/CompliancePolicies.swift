import Foundation
import PasswordPolicy

/// Test policies: for each standard one that meets every required clause, and mutations that fail one clause each.
enum CompliancePolicies {
    /// Parses `json` into a policy; `listed` adds a loaded blocklist file of that many long entries.
    static func policy(_ json: String, listed: Int = 0) throws -> PasswordPolicy {
        var policy = try PasswordPolicy(json: Data(json.utf8))
        if listed > 0 {
            let words = (0..<listed).map { "leakedpassphrase\($0)" }
            policy.rules.append(
                PolicyRule(
                    id: "top-list",
                    kind: .blocklist(
                        lists: [], words: [], files: [BlocklistFile(name: "top.txt", sha256: "00", words: words)])))
        }
        return policy
    }

    /// A policy of `lifecycle` members (without braces) and `rules` (JSON rule objects).
    static func json(_ lifecycle: String, _ rules: [String]) -> String {
        let head = lifecycle.isEmpty ? "" : lifecycle + ", "
        return #"{"name": "t", "# + head + #""rules": ["# + rules.joined(separator: ", ") + "]}"
    }

    static let common = #"{"rule": "blocklist", "lists": ["builtin:common"]}"#
    static let context = #"{"rule": "context"}"#
    static let orgWords = #"{"rule": "blocklist", "id": "org", "words": ["acme", "widgetco"]}"#
    static let digit = #"{"rule": "require", "class": "digit"}"#
    static let letter = #"{"rule": "require", "class": "letter"}"#
    static func length(_ min: Int, _ max: Int? = nil) -> String {
        max.map { #"{"rule": "length", "min": \#(min), "max": \#($0)}"# } ?? #"{"rule": "length", "min": \#(min)}"#
    }

    /// A compliant policy and its failing variants for one standard.
    struct Case: Sendable, CustomStringConvertible {
        let standard: String
        let compliant: @Sendable () throws -> PasswordPolicy
        /// Clause id → a policy failing it.
        let failing: [(clause: String, policy: @Sendable () throws -> PasswordPolicy)]
        var description: String { standard }
    }

    static let nist4Life =
        #""usage": "single-factor", "normalization": "nfc", "max-age-days": 0, "lockout-threshold": 100"#
    /// An ASVS 5.0 level 2 application: MFA (6.3.3), no compatibility folding (6.2.8).
    static let asvs5Level2 = #""compliance": {"asvs-level": 2}, "normalization": "nfc", "usage": "multi-factor""#
    static let asvs5Life = asvs5Level2 + #", "max-age-days": 0, "lockout-threshold": 10"#
    static let asvs4Life = #""usage": "single-factor", "max-age-days": 0, "history": 0, "lockout-threshold": 100"#
    static let cisLife = #""usage": "single-factor", "max-age-days": 365, "history": 5, "lockout-threshold": 5"#
    static let lettersOnly = #"{"rule": "allowed", "classes": ["letter", "digit", "space"]}"#
    static let asciiOnly = #"{"rule": "allowed", "classes": ["upper", "lower", "digit", "special", "space"]}"#
    static let pciLife = #""usage": "single-factor", "max-age-days": 90, "history": 4, "lockout-threshold": 10"#

    static let cases: [Case] = [
        Case(
            standard: "nist-800-63b-4",
            compliant: { try policy(json(nist4Life, [length(15, 64), common, context])) },
            failing: [
                ("nist63b4.min_length_single_factor", { try policy(json(nist4Life, [length(14, 64), common])) }),
                (
                    "nist63b4.min_length_mfa",
                    { try policy(json(#""usage": "multi-factor", "max-age-days": 0"#, [length(7), common])) }
                ),
                ("nist63b4.no_composition_rules", { try policy(json(nist4Life, [length(15), common, digit])) }),
                (
                    "nist63b4.no_periodic_change",
                    { try policy(json(#""usage": "single-factor", "max-age-days": 90"#, [length(15), common])) }
                ),
                ("nist63b4.blocklist_required", { try policy(json(nist4Life, [length(15)])) }),
                ("nist63b4.blocklist_whole_password", { try policy(json(nist4Life, [length(15)])) }),
                (
                    "nist63b4.rate_limiting",
                    { try policy(json(#""usage": "single-factor", "lockout-threshold": 101"#, [length(15), common])) }
                ),
                ("nist63b4.max_length", { try policy(json(nist4Life, [length(15, 63), common])) }),
                (
                    "nist63b4.printable_ascii_and_space",
                    { try policy(json(nist4Life, [length(15), common, lettersOnly])) }
                ),
                ("nist63b4.unicode_accepted", { try policy(json(nist4Life, [length(15), common, asciiOnly])) }),
                (
                    "nist63b4.unicode_normalization",
                    { try policy(json(#""usage": "single-factor", "normalization": "none""#, [length(15), common])) }
                ),
                (
                    "nist63b4.blocklist_size",
                    {
                        try policy(
                            json(nist4Life, [length(15), #"{"rule": "blocklist", "words": ["acme", "widgetco"]}"#]))
                    }
                ),
                ("nist63b4.blocklist_context_words", { try policy(json(nist4Life, [length(15), common])) }),
            ]),
        Case(
            standard: "nist-800-63b-3",
            compliant: { try policy(json(#""lockout-threshold": 100"#, [length(8), common, context])) },
            failing: [
                ("nist63b3.min_length", { try policy(json(#""lockout-threshold": 100"#, [length(7), common])) }),
                ("nist63b3.blocklist_required", { try policy(json(#""lockout-threshold": 100"#, [length(8)])) }),
                ("nist63b3.rate_limiting", { try policy(json(#""lockout-threshold": 101"#, [length(8), common])) }),
                ("nist63b3.max_length", { try policy(json("", [length(8, 32), common])) }),
                ("nist63b3.printable_ascii_and_space", { try policy(json("", [length(8), common, lettersOnly])) }),
                ("nist63b3.unicode_accepted", { try policy(json("", [length(8), common, asciiOnly])) }),
                (
                    "nist63b3.unicode_normalization",
                    { try policy(json(#""normalization": "nfc""#, [length(8), common])) }
                ),
                ("nist63b3.no_composition_rules", { try policy(json("", [length(8), common, digit])) }),
                ("nist63b3.no_periodic_change", { try policy(json(#""max-age-days": 60"#, [length(8), common])) }),
                ("nist63b3.blocklist_content", { try policy(json("", [length(8), common])) }),
            ]),
        Case(
            standard: "owasp-asvs-5.0",
            compliant: { try policy(json(asvs5Life, [length(15, 64), common, orgWords, context]), listed: 3000) },
            failing: [
                (
                    "asvs500.6_2_1.min_length",
                    { try policy(json(asvs5Life, [length(7), common, orgWords]), listed: 3000) }
                ),
                (
                    "asvs500.6_2_1.min_length_15",
                    { try policy(json(asvs5Life, [length(14), common, orgWords]), listed: 3000) }
                ),
                (
                    "asvs500.6_2_4.top_3000",
                    { try policy(json(asvs5Life, [length(8), common, orgWords]), listed: 2000) }
                ),
                (
                    "asvs500.6_2_5.no_composition",
                    { try policy(json(asvs5Life, [length(8), common, orgWords, digit]), listed: 3000) }
                ),
                (
                    "asvs500.6_2_9.max_length_64",
                    { try policy(json(asvs5Life, [length(8, 63), common, orgWords]), listed: 3000) }
                ),
                (
                    "asvs500.6_2_10.no_rotation",
                    {
                        try policy(
                            json(asvs5Level2 + #", "max-age-days": 30"#, [length(8), common, orgWords]),
                            listed: 3000)
                    }
                ),
                (
                    "asvs500.6_2_11.context_words_used",
                    { try policy(json(asvs5Life, [length(8), common]), listed: 3000) }
                ),
                ("asvs500.6_2_12.breached_check", { try policy(json(asvs5Life, [length(8), orgWords])) }),
                (
                    "asvs500.6_2_8.verify_exactly",
                    {
                        try policy(
                            json(
                                #""compliance": {"asvs-level": 2}, "normalization": "nfkc", "usage": "multi-factor""#,
                                [length(15, 64), common, orgWords]), listed: 3000)
                    }
                ),
                (
                    "asvs500.6_3_3.mfa_required",
                    {
                        try policy(
                            json(
                                #""compliance": {"asvs-level": 2}, "normalization": "nfc", "usage": "single-factor", "#
                                    + #""max-age-days": 0"#, [length(8), common, orgWords]),
                            listed: 3000)
                    }
                ),
            ]),
        Case(
            standard: "owasp-asvs-4.0.3",
            compliant: { try policy(json(asvs4Life, [length(12, 128), common]), listed: 1000) },
            failing: [
                ("asvs403.2_1_1.min_length", { try policy(json(asvs4Life, [length(11, 128), common]), listed: 1000) }),
                ("asvs403.2_1_2.length_window", { try policy(json(asvs4Life, [length(12), common]), listed: 1000) }),
                (
                    "asvs403.2_1_4.any_printable_unicode",
                    {
                        try policy(
                            json(
                                asvs4Life,
                                [
                                    length(12, 128), common,
                                    #"{"rule": "allowed", "classes": ["letter", "digit", "space"]}"#,
                                ]), listed: 1000)
                    }
                ),
                ("asvs403.2_1_7.breached_check", { try policy(json(asvs4Life, [length(12, 128), common])) }),
                (
                    "asvs403.2_1_9.no_composition",
                    { try policy(json(asvs4Life, [length(12, 128), common, digit]), listed: 1000) }
                ),
                (
                    "asvs403.2_1_10.no_rotation_no_history",
                    {
                        try policy(
                            json(
                                #""max-age-days": 0, "history": 1, "lockout-threshold": 100"#,
                                [length(12, 128), common]),
                            listed: 1000)
                    }
                ),
                (
                    "asvs403.2_2_1.anti_automation",
                    {
                        try policy(
                            json(
                                #""max-age-days": 0, "history": 0, "lockout-threshold": 101"#,
                                [length(12, 128), common]),
                            listed: 1000)
                    }
                ),
            ]),
        Case(
            standard: "pci-dss-4.0.1",
            compliant: { try policy(json(pciLife, [length(12), letter, digit])) },
            failing: [
                (
                    "pci401.8_3_4.lockout_threshold",
                    {
                        try policy(
                            json(
                                #""max-age-days": 90, "history": 4, "lockout-threshold": 11"#,
                                [length(12), letter, digit]))
                    }
                ),
                ("pci401.8_3_6.min_length", { try policy(json(pciLife, [length(11), letter, digit])) }),
                ("pci401.8_3_6.alpha_and_numeric", { try policy(json(pciLife, [length(12), letter])) }),
                (
                    "pci401.8_3_7.history_4",
                    {
                        try policy(
                            json(
                                #""max-age-days": 90, "history": 3, "lockout-threshold": 10"#,
                                [length(12), letter, digit]))
                    }
                ),
            ]),
        Case(
            standard: "cis-password-2021",
            compliant: { try policy(json(cisLife, [length(14), digit, common])) },
            failing: [
                ("cisppg.5_1_1.min_length_password_only", { try policy(json(cisLife, [length(13), digit, common])) }),
                ("cisppg.5_1_1.min_length_mfa", { try policy(json(#""usage": "multi-factor""#, [length(7)])) }),
                ("cisppg.5_1_1.max_length_unlimited", { try policy(json(cisLife, [length(14, 256), digit, common])) }),
                (
                    "cisppg.5_1_2.allow_all_types",
                    { try policy(json(cisLife, [length(14), digit, common, asciiOnly])) }
                ),
                ("cisppg.5_1_2.nonalpha_password_only", { try policy(json(cisLife, [length(14), common])) }),
                (
                    "cisppg.5_1_3.expiration_backstop",
                    {
                        try policy(
                            json(
                                #""usage": "single-factor", "max-age-days": 0, "history": 5, "lockout-threshold": 5"#,
                                [length(14), digit, common]))
                    }
                ),
                ("cisppg.5_1_4.deny_list", { try policy(json(cisLife, [length(14), digit])) }),
                (
                    "cisppg.5_1_4.history",
                    {
                        try policy(
                            json(
                                #""usage": "single-factor", "max-age-days": 365, "history": 4, "lockout-threshold": 5"#,
                                [length(14), digit, common]))
                    }
                ),
                (
                    "cisppg.5_1_6.lockout",
                    {
                        try policy(
                            json(
                                #""usage": "single-factor", "max-age-days": 365, "history": 5, "lockout-threshold": 6"#,
                                [length(14), digit, common]))
                    }
                ),
            ]),
        Case(
            standard: "microsoft-2024",
            compliant: {
                try policy(json(#""usage": "multi-factor", "max-age-days": 0"#, [length(8), common, orgWords]))
            },
            failing: [
                ("ms365.min_length_8", { try policy(json(#""usage": "multi-factor""#, [length(7), common])) }),
                (
                    "ms365.no_composition",
                    { try policy(json(#""usage": "multi-factor""#, [length(8), common, digit])) }
                ),
                ("ms365.no_periodic_reset", { try policy(json(#""max-age-days": 42"#, [length(8), common])) }),
                ("ms365.ban_common", { try policy(json(#""usage": "multi-factor""#, [length(8)])) }),
                ("entra.custom_banned_list", { try policy(json(#""usage": "multi-factor""#, [length(8), common])) }),
                ("ms365.mfa_registration", { try policy(json(#""usage": "single-factor""#, [length(8), common])) }),
            ]),
        Case(
            standard: "ncsc",
            compliant: { try policy(json(#""lockout-threshold": 10, "max-age-days": 0"#, [length(12)])) },
            failing: [
                ("ce.length_or_mfa", { try policy(json(#""lockout-threshold": 10"#, [length(11)])) }),
                ("ce.no_max_length", { try policy(json(#""lockout-threshold": 10"#, [length(12, 64)])) }),
                ("ce.brute_force", { try policy(json(#""lockout-threshold": 11"#, [length(12)])) }),
                (
                    "ce.no_forced_expiry",
                    { try policy(json(#""lockout-threshold": 10, "max-age-days": 90"#, [length(12)])) }
                ),
                (
                    "ce.no_complexity",
                    { try policy(json(#""lockout-threshold": 10, "max-age-days": 0"#, [length(12), digit])) }
                ),
            ]),
        Case(
            standard: "bsi-orp4",
            compliant: { try policy(json(#""history": 1"#, [length(10), common])) },
            failing: [
                ("bsi.orp4_a8.no_common_passwords", { try policy(json(#""history": 1"#, [length(10)])) }),
                ("bsi.orp4_a23.no_old_passwords", { try policy(json(#""history": 0"#, [length(10), common])) }),
                (
                    "bsi.orp4_a23.no_time_based_change",
                    { try policy(json(#""history": 1, "max-age-days": 90"#, [length(10), common])) }
                ),
            ]),
    ]
}
