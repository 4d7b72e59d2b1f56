extension ComplianceStandard {
    /// NIST SP 800-63B-4 (final, July 2025): §3.1.1.1, §3.1.1.2 Password Verifiers, §3.2.2 rate limiting.
    package static let nist80063B4 = ComplianceStandard(
        id: "nist-800-63b-4", title: "NIST SP 800-63B-4 (final, 2025)", edition: "nist63b4-final-2025",
        source: "§3.1.1.2 from a verbatim transcription of the final HTML/PDF (drafts in usnistgov/800-63-4)",
        wording: .verbatimCopy,
        clauses: [
            .init(
                "nist63b4.min_length_single_factor", "Minimum length, password as the only factor", .shall,
                .minLength(soleFactor: 15, multiFactor: nil), cite: "SP 800-63B-4 §3.1.1.2 item 1"),
            .init(
                "nist63b4.min_length_mfa", "Minimum length, password used only inside MFA", .shall,
                .minLength(soleFactor: nil, multiFactor: 8), cite: "SP 800-63B-4 §3.1.1.2 item 1"),
            .init(
                "nist63b4.max_length", "Permit at least 64 characters", .should, .maxLengthAtLeast(64),
                cite: "SP 800-63B-4 §3.1.1.2 item 2"),
            .init(
                "nist63b4.printable_ascii_and_space", "Accept all printable ASCII and the space", .should,
                .printableASCIIAndSpace, cite: "SP 800-63B-4 §3.1.1.2 item 3"),
            .init(
                "nist63b4.unicode_accepted", "Accept Unicode characters", .should, .unicodeAccepted,
                cite: "SP 800-63B-4 §3.1.1.2 item 4"),
            .init(
                "nist63b4.length_counts_code_points", "Each code point counts as one character", .shall,
                .lengthInCodePoints, cite: "SP 800-63B-4 §3.1.1.2 item 4"),
            .init(
                "nist63b4.no_composition_rules", "No composition rules", .shallNot, .noCompositionRules,
                cite: "SP 800-63B-4 §3.1.1.2 item 5; §3.1.1.1"),
            .init(
                "nist63b4.no_periodic_change", "No periodic password change", .shallNot, .noPeriodicExpiry,
                cite: "SP 800-63B-4 §3.1.1.2 item 6"),
            .init(
                "nist63b4.change_on_compromise", "Force a change on evidence of compromise", .shall,
                .evidence("a change is forced when compromise is known"), cite: "SP 800-63B-4 §3.1.1.2 item 6"),
            .init(
                "nist63b4.no_hints", "No password hints", .shallNot, .evidence("no hints stored or shown"),
                cite: "SP 800-63B-4 §3.1.1.2 item 7"),
            .init(
                "nist63b4.no_kba_prompts", "No knowledge-based prompts", .shallNot,
                .evidence("no security questions when choosing a password"), cite: "SP 800-63B-4 §3.1.1.2 item 8"),
            .init(
                "nist63b4.full_password_verified", "Verify the entire password", .shall, .noTruncation,
                cite: "SP 800-63B-4 §3.1.1.2 item 9"),
            .init(
                "nist63b4.unicode_normalization",
                "Normalize Unicode (NFC per the final's copy, NFKC or NFKD per the drafts)",
                .should, .normalization([.nfkc, .nfc]), cite: "SP 800-63B-4 §3.1.1.2 (paragraph after the list)",
                unconfirmed:
                    "the final's NFC is known only from transcriptions, while both rev 4 drafts and rev 3 say \"either "
                    + "the NFKC or NFKD\"; either reading is accepted until the final's PDF is checked"),
            .init(
                "nist63b4.blocklist_required", "Compare with a blocklist", .shall, .blocklistPresent,
                cite: "SP 800-63B-4 §3.1.1.2 blocklist paragraph"),
            .init(
                "nist63b4.blocklist_whole_password", "Compare the entire password, not substrings", .shall,
                .blocklistWholePassword, cite: "SP 800-63B-4 §3.1.1.2 blocklist paragraph"),
            .init(
                "nist63b4.blocklist_context_words", "Blocklist includes context words (service, username)", .may,
                .contextWordCheck, cite: "SP 800-63B-4 §3.1.1.2 blocklist paragraph (examples)"),
            .init(
                "nist63b4.blocklist_reason_shown", "Tell the subscriber why a password was refused", .shall,
                .evidence("the refusal and its reason are shown"), cite: "SP 800-63B-4 §3.1.1.2 blocklist paragraph"),
            .init(
                "nist63b4.blocklist_size", "Blocklist large enough for the attempt limit", .should,
                .blocklistSize(atLeast: 100), cite: "SP 800-63B-4 §3.1.1.2 blocklist paragraph; §3.2.2"),
            .init(
                "nist63b4.strength_guidance", "Offer guidance on choosing a strong password", .shall,
                .strengthGuidance("strength guidance or a meter is offered"),
                cite: "SP 800-63B-4 §3.1.1.2 guidance paragraph"),
            .init(
                "nist63b4.rate_limiting", "Limit consecutive failed attempts to 100", .shall, .lockoutAtMost(100),
                cite: "SP 800-63B-4 §3.1.1.2; §3.2.2"),
            .init(
                "nist63b4.password_managers_autofill", "Allow password managers and autofill", .shall,
                .evidence("password managers and autofill work"), cite: "SP 800-63B-4 §3.1.1.2 managers paragraph"),
            .init(
                "nist63b4.paste_allowed", "Allow paste", .should, .evidence("paste is allowed"),
                cite: "SP 800-63B-4 §3.1.1.2 managers paragraph"),
            .init(
                "nist63b4.show_password_option", "Offer to show the password", .should,
                .evidence("an option to display the password"), cite: "SP 800-63B-4 §3.1.1.2 display paragraph"),
            .init(
                "nist63b4.storage_hashing", "Store salted hashes with a costly scheme", .shall,
                .evidence("salted password hashing, salt ≥ 32 bits"), cite: "SP 800-63B-4 §3.1.1.2 storage paragraphs"),
            .init(
                "nist63b4.protected_channel", "Request the password over a protected channel", .shall,
                .evidence("approved encryption and an authenticated protected channel"),
                cite: "SP 800-63B-4 §3.1.1.2 channel paragraph"),
        ])
}
