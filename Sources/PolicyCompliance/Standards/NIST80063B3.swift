extension ComplianceStandard {
    /// NIST SP 800-63B rev 3 (2017, errata 2020): §5.1.1.1, §5.1.1.2 Memorized Secret Verifiers, §5.2.2.
    package static let nist80063B3 = ComplianceStandard(
        id: "nist-800-63b-3", title: "NIST SP 800-63B rev 3 (2017)", edition: "nist63b3",
        source: "usnistgov/800-63-3, branch nist-pages, sp800-63b/sec5_authenticators.md [primary]",
        wording: .primary,
        clauses: [
            .init(
                "nist63b3.min_length", "Minimum length 8", .shall, .minLength(soleFactor: 8, multiFactor: 8),
                cite: "SP 800-63B §5.1.1.1, §5.1.1.2"),
            .init(
                "nist63b3.random_min_length", "CSP-chosen secrets at least 6 characters", .shall,
                .evidence("generated secrets ≥ 6 characters from an approved RBG"),
                cite: "SP 800-63B §5.1.1.1, §5.1.1.2"),
            .init(
                "nist63b3.max_length", "Permit at least 64 characters", .should, .maxLengthAtLeast(64),
                cite: "SP 800-63B §5.1.1.2"),
            .init(
                "nist63b3.printable_ascii_and_space", "Accept all printable ASCII and the space", .should,
                .printableASCIIAndSpace, cite: "SP 800-63B §5.1.1.2"),
            .init(
                "nist63b3.unicode_accepted", "Accept Unicode characters", .should, .unicodeAccepted,
                cite: "SP 800-63B §5.1.1.2"),
            .init(
                "nist63b3.length_counts_code_points", "Each code point counts as one character", .shall,
                .lengthInCodePoints, cite: "SP 800-63B §5.1.1.2"),
            .init(
                "nist63b3.no_truncation", "No truncation", .shallNot, .noTruncation, cite: "SP 800-63B §5.1.1.2"),
            .init(
                "nist63b3.unicode_normalization", "Normalize Unicode (NFKC or NFKD)", .should, .normalization([.nfkc]),
                cite: "SP 800-63B §5.1.1.2"),
            .init(
                "nist63b3.no_hints", "No password hints", .shallNot, .evidence("no hints stored or shown"),
                cite: "SP 800-63B §5.1.1.2"),
            .init(
                "nist63b3.no_kba_prompts", "No knowledge-based prompts", .shallNot,
                .evidence("no prompts for specific kinds of information"), cite: "SP 800-63B §5.1.1.2"),
            .init(
                "nist63b3.blocklist_required", "Compare with a blocklist", .shall, .blocklistPresent,
                cite: "SP 800-63B §5.1.1.2"),
            .init(
                "nist63b3.blocklist_content", "Blocklist includes context-specific words", .may, .contextWordCheck,
                cite: "SP 800-63B §5.1.1.2 (examples)"),
            .init(
                "nist63b3.blocklist_reason_shown", "Give the reason for a refusal", .shall,
                .evidence("the refusal and its reason are shown"), cite: "SP 800-63B §5.1.1.2"),
            .init(
                "nist63b3.strength_meter", "Offer a strength meter", .should,
                .strengthGuidance("a strength meter is offered"),
                cite: "SP 800-63B §5.1.1.2"),
            .init(
                "nist63b3.rate_limiting", "Limit consecutive failed attempts to 100", .shall, .lockoutAtMost(100),
                cite: "SP 800-63B §5.1.1.2; §5.2.2"),
            .init(
                "nist63b3.no_composition_rules", "No composition rules", .shouldNot, .noCompositionRules,
                cite: "SP 800-63B §5.1.1.1, §5.1.1.2"),
            .init(
                "nist63b3.no_periodic_change", "No arbitrary (periodic) change", .shouldNot, .noPeriodicExpiry,
                cite: "SP 800-63B §5.1.1.2"),
            .init(
                "nist63b3.change_on_compromise", "Force a change on evidence of compromise", .shall,
                .evidence("a change is forced when compromise is known"), cite: "SP 800-63B §5.1.1.2"),
            .init(
                "nist63b3.paste_allowed", "Allow paste", .should, .evidence("paste is allowed"),
                cite: "SP 800-63B §5.1.1.2"),
            .init(
                "nist63b3.show_password_option", "Offer to show the password", .should,
                .evidence("an option to display the password"), cite: "SP 800-63B §5.1.1.2"),
            .init(
                "nist63b3.storage_hashing", "Store salted hashes with a one-way KDF", .shall,
                .evidence("salted one-way KDF, salt ≥ 32 bits"), cite: "SP 800-63B §5.1.1.2"),
        ])
}
