import Foundation
import PasswordPolicy
import PwauditTestSupport
import Testing

@testable import PolicyCompliance

/// Verdicts that follow the clause's own words (issue 21): each test quotes the text it holds the catalog to.
@Suite("Clauses judged as their texts say")
struct ClauseWordingTests {
    /// A policy of `members` (top-level JSON members without braces, "" for none) and `rules`.
    static func policy(_ members: String, _ rules: [String]) throws -> PasswordPolicy {
        try CompliancePolicies.policy(CompliancePolicies.json(members, rules))
    }

    static func finding(_ policy: PasswordPolicy, _ standard: ComplianceStandard, _ clause: String) throws
        -> ClauseFinding
    {
        let result = ComplianceEvaluator.evaluate(policy, against: standard)
        return try #require(result.findings.first { $0.clause == clause }, "\(clause)")
    }

    static let noDigits = #"{"rule": "allowed", "classes": ["letter", "special", "space"]}"#
    static let everything = #"{"rule": "allowed", "classes": ["letter", "digit", "special", "space"]}"#

    // MARK: Rules limiting the characters permitted

    @Test("an allowed rule that refuses digits fails ASVS 5.0 6.2.5 and 4.0.3 2.1.9, which forbid limiting characters")
    func allowedIsACompositionRule() throws {
        // ASVS 5.0 6.2.5: "passwords of any composition can be used, without rules limiting the type of characters
        // permitted". ASVS 4.0.3 2.1.9: "there are no password composition rules limiting the type of characters
        // permitted".
        let limited = try Self.policy(
            #""compliance": {"asvs-level": 2}"#, [CompliancePolicies.length(15), Self.noDigits])
        let open = try Self.policy(
            #""compliance": {"asvs-level": 2}"#, [CompliancePolicies.length(15), Self.everything])
        for (standard, clause) in [
            (ComplianceStandard.owaspASVS50, "asvs500.6_2_5.no_composition"),
            (.owaspASVS403, "asvs403.2_1_9.no_composition"),
        ] {
            let refused = try Self.finding(limited, standard, clause)
            #expect(refused.verdict == .fail, "\(clause)")
            #expect(refused.policyValue.contains("allowed"), "\(clause) names the rule: \(refused.policyValue)")
            #expect(try Self.finding(open, standard, clause).verdict == .pass, "\(clause)")
        }
    }

    @Test("ASVS 4.0.3 2.1.4 ('any printable Unicode character') fails a policy that refuses printable ASCII digits")
    func anyPrintableIncludesASCII() throws {
        // ASVS 4.0.3 2.1.4: "any printable Unicode character, including language neutral characters such as spaces
        // and Emojis are permitted in passwords".
        let clause = "asvs403.2_1_4.any_printable_unicode"
        let refused = try Self.finding(
            try Self.policy("", [CompliancePolicies.length(12), Self.noDigits]), .owaspASVS403, clause)
        #expect(refused.verdict == .fail)
        let open = try Self.finding(
            try Self.policy("", [CompliancePolicies.length(12), Self.everything]), .owaspASVS403, clause)
        #expect(open.verdict == .pass)
    }

    // MARK: Cyber Essentials

    @Test("Cyber Essentials' MFA branch still needs 8 characters")
    func cyberEssentialsMFANeedsEight() throws {
        // CE v3.1 4.2.4: the password used with MFA "must have a password length of at least 8 characters".
        for (min, expected) in [(4, ComplianceVerdict.fail), (7, .fail), (8, .pass)] {
            let policy = try Self.policy(#""usage": "multi-factor""#, [CompliancePolicies.length(min)])
            #expect(try Self.finding(policy, .ncsc, "ce.length_or_mfa").verdict == expected, "MFA, min \(min)")
        }
    }

    @Test("Cyber Essentials' brute-force clause accepts any one of MFA, throttling and locking")
    func cyberEssentialsBruteForceAlternatives() throws {
        // CE v3.1 4.2.1: protect against brute-force guessing by "at least one of" MFA, throttling the rate of
        // attempts (no more than 10 guesses in 5 minutes), or locking accounts after no more than 10 attempts.
        let cases: [(String, ComplianceVerdict)] = [
            (#""usage": "multi-factor", "lockout-threshold": 20"#, .pass),
            (#""usage": "single-factor", "lockout-threshold": 20"#, .fail),
            (#""usage": "single-factor", "lockout-threshold": 10"#, .pass),
            (#""lockout-threshold": 20, "compliance": {"throttling": {"attempts": 10, "minutes": 5}}"#, .pass),
            (#""lockout-threshold": 20, "compliance": {"throttling": {"attempts": 11, "minutes": 5}}"#, .fail),
            (#""lockout-threshold": 20, "compliance": {"throttling": {"attempts": 10, "minutes": 4}}"#, .fail),
            ("", .unknown),
        ]
        for (members, expected) in cases {
            let policy = try Self.policy(members, [CompliancePolicies.length(12)])
            let finding = try Self.finding(policy, .ncsc, "ce.brute_force")
            #expect(finding.verdict == expected, "\(members): \(finding.policyValue)")
        }
    }

    @Test(
        "Cyber Essentials v3.1's 'not enforcing regular expiry / complexity' are requirements, and the edition says v3.1"
    )
    func cyberEssentialsExpiryAndComplexity() throws {
        // CE v3.1 4.2.3: support users by "not enforcing regular password expiry" and "not enforcing password
        // complexity requirements".
        let policy = try Self.policy(
            #""max-age-days": 90, "lockout-threshold": 10"#,
            [
                CompliancePolicies.length(12),
                #"{"rule": "classes", "min": 3, "of": ["upper", "lower", "digit", "special"]}"#,
            ])
        let result = ComplianceEvaluator.evaluate(policy, against: .ncsc)
        for clause in ["ce.no_forced_expiry", "ce.no_complexity"] {
            let finding = try #require(result.findings.first { $0.clause == clause })
            #expect(finding.verdict == .fail && finding.severity == .required, "\(clause)")
        }
        #expect(result.status == .fails)
        #expect(ComplianceStandard.ncsc.edition.contains("v3.1"))
    }

    // MARK: Lists

    @Test("a breach corpus needs evidence, with the reason, under every standard's size clause")
    func breachCorpusSizeClausesNeedEvidence() throws {
        // ASVS 5.0 6.2.4: "at least, the top 3000 passwords which match the application's password policy".
        let policy = try Self.policy(
            #""compliance": {"asvs-level": 2}"#,
            [CompliancePolicies.length(15), #"{"rule": "blocklist", "id": "pwned", "lists": ["hibp:/c/pwned.txt"]}"#])
        var sizeClauses = 0
        for standard in ComplianceCatalog.standards {
            for clause in standard.clauses {
                switch clause.check {
                case .blocklistSize, .blocklistMatchingPolicy: break
                default: continue
                }
                let finding = try Self.finding(policy, standard, clause.id)
                #expect(finding.verdict == .needsEvidence, "\(clause.id): \(finding.policyValue)")
                #expect(finding.policyValue.contains("the policy does not say"), "\(clause.id) gives its reason")
                sizeClauses += 1
            }
        }
        #expect(sizeClauses >= 4)
        #expect(try Self.finding(policy, .owaspASVS50, "asvs500.6_2_12.breached_check").verdict == .pass)
    }

    @Test("ASVS 4.0.3 2.1.7 counts the list entries that match the policy, as 5.0's 6.2.4 does")
    func asvs403CountsMatchingEntries() throws {
        // ASVS 4.0.3 2.1.7: "the top 1,000 or 10,000 most common passwords which match the system's password policy".
        let short = (0..<1000).map { String(format: "w%04d", $0) }
        let long = (0..<1000).map { String(format: "longpassword%04d", $0) }
        for (words, expected) in [(short, ComplianceVerdict.fail), (long, .pass)] {
            var policy = try Self.policy("", [CompliancePolicies.length(12)])
            policy.rules.append(PolicyRule(id: "top", kind: .blocklist(lists: [], words: words, files: [])))
            let finding = try Self.finding(policy, .owaspASVS403, "asvs403.2_1_7.breached_check")
            #expect(finding.verdict == expected, "\(words[0].count)-character words: \(finding.policyValue)")
        }
    }

    // MARK: Normalization

    @Test(
        "NIST rev 4's normalization clause accepts NFKC, as both drafts and rev 3 say, and says why it is unconfirmed")
    func nistRev4AcceptsNFKC() throws {
        // SP 800-63B-4 drafts and rev 3 §5.1.1.2: "either the NFKC or NFKD normalization".
        let policy = try Self.policy(#""normalization": "nfkc""#, [CompliancePolicies.length(15)])
        let finding = try Self.finding(policy, .nist80063B4, "nist63b4.unicode_normalization")
        #expect(finding.verdict == .pass)
        #expect(!finding.source.isConfirmed && finding.source.unconfirmedBecause?.contains("NFKC or NFKD") == true)
    }

    @Test("examples/nist.json has no failing clause under NIST rev 4")
    func nistExampleHasNoFailingClause() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: SourceTree.example("nist.json")))
        let result = ComplianceEvaluator.evaluate(try PasswordPolicy(json: data), against: .nist80063B4)
        #expect(result.count(.fail) == 0, "\(result.findings.filter { $0.verdict == .fail }.map(\.clause))")
    }

    @Test("ASVS 5.0 6.2.8 ('without any modifications') fails NFKC folding, and the conflict with NIST rev 3 is named")
    func verifyExactlyFailsFolding() throws {
        // ASVS 5.0 6.2.8: "verifies the user's password exactly as received from the user, without any modifications
        // such as truncation or case transformation".
        let folded = try Self.policy(#""normalization": "nfkc""#, [CompliancePolicies.length(15)])
        let canonical = try Self.policy(#""normalization": "nfc""#, [CompliancePolicies.length(15)])
        #expect(try Self.finding(folded, .owaspASVS50, "asvs500.6_2_8.verify_exactly").verdict == .fail)
        #expect(try Self.finding(canonical, .owaspASVS50, "asvs500.6_2_8.verify_exactly").verdict == .pass)
        // NIST asks for normalization itself: its verification clauses do not count it as a modification.
        #expect(try Self.finding(folded, .nist80063B4, "nist63b4.full_password_verified").verdict == .pass)
        let conflict = try #require(
            ComplianceEvaluator.evaluate(folded, against: [.nist80063B3, .owaspASVS50]).conflicts.first {
                $0.conflict == "C11"
            })
        #expect(conflict.isActive)
    }

    // MARK: Levels and declared alternatives

    @Test("ASVS level 2 items are not applicable to a level 1 application, so an L1 single-factor policy is not red")
    func asvsLevelsApply() throws {
        let members = #""usage": "single-factor", "normalization": "nfc", "max-age-days": 0, "lockout-threshold": 10"#
        let rules = [CompliancePolicies.length(15, 64), CompliancePolicies.common]
        var level1 = try CompliancePolicies.policy(
            CompliancePolicies.json(#""compliance": {"asvs-level": 1}, "# + members, rules), listed: 3000)
        let result = ComplianceEvaluator.evaluate(level1, against: .owaspASVS50)
        #expect(result.status != .fails, "\(result.findings.filter { $0.fails(atOrAbove: .required) }.map(\.clause))")
        let mfa = try #require(result.findings.first { $0.clause == "asvs500.6_3_3.mfa_required" })
        #expect(mfa.verdict == .notApplicable)
        level1.declared.asvsLevel = 2
        let atLevel2 = ComplianceEvaluator.evaluate(level1, against: .owaspASVS50)
        #expect(atLevel2.findings.first { $0.clause == "asvs500.6_3_3.mfa_required" }?.verdict == .fail)
        // ASVS 4.0.3's V2.4 storage items are marked L2 too.
        level1.declared.asvsLevel = nil
        let storage = try Self.finding(level1, .owaspASVS403, "asvs403.2_4_x.storage")
        #expect(storage.verdict == .notApplicable && storage.policyValue.contains("level 1 assumed"))
    }

    @Test("PCI DSS 8.3.6's 'does not support 12' makes 8 the minimum when declared with its justification")
    func pciSystemLengthLimit() throws {
        // PCI DSS 4.0.1 8.3.6: "a minimum length of 12 characters (or IF the system does not support 12 characters,
        // a minimum length of eight characters)".
        let rules = [CompliancePolicies.length(8), CompliancePolicies.letter, CompliancePolicies.digit]
        let plain = try Self.policy(#""usage": "single-factor""#, rules)
        #expect(try Self.finding(plain, .pciDSS401, "pci401.8_3_6.min_length").verdict == .fail)
        let limited = try Self.policy(
            #""compliance": {"system-max-length": {"length": 8, "justification": "mainframe sign-on takes 8"}}"#,
            rules)
        let finding = try Self.finding(limited, .pciDSS401, "pci401.8_3_6.min_length")
        #expect(finding.verdict == .pass)
        #expect(finding.policyValue.contains("mainframe sign-on takes 8"), "the report says where it came from")
        let seven = try Self.policy(
            #""compliance": {"system-max-length": {"length": 8, "justification": "t"}}"#,
            [CompliancePolicies.length(7), CompliancePolicies.letter, CompliancePolicies.digit])
        #expect(try Self.finding(seven, .pciDSS401, "pci401.8_3_6.min_length").verdict == .fail)
    }

    @Test(
        "PCI DSS 8.3.9 without expiry needs evidence of a dynamic analysis instead of failing, and passes when declared"
    )
    func pciDynamicAnalysis() throws {
        // PCI DSS 4.0.1 8.3.9: passwords changed at least once every 90 days, "OR the security posture of accounts is
        // dynamically analyzed, and real-time access to resources is automatically determined accordingly".
        let rules = [CompliancePolicies.length(12), CompliancePolicies.letter, CompliancePolicies.digit]
        let clause = "pci401.8_3_9.rotation_or_dynamic"
        for (members, expected) in [
            (#""usage": "single-factor", "max-age-days": 0"#, ComplianceVerdict.needsEvidence),
            (#""usage": "single-factor", "max-age-days": 91"#, .needsEvidence),
            (#""usage": "single-factor", "max-age-days": 90"#, .pass),
            (#""usage": "single-factor", "compliance": {"dynamic-risk-analysis": "risk engine X"}"#, .pass),
            (#""usage": "multi-factor", "max-age-days": 0"#, .notApplicable),
        ] {
            let finding = try Self.finding(try Self.policy(members, rules), .pciDSS401, clause)
            #expect(finding.verdict == expected, "\(members): \(finding.policyValue)")
        }
    }

    @Test("CIS lengths are recommendations ('best practice implementation includes'), and no CIS value is confirmed")
    func cisIsRecommended() throws {
        let policy = try Self.policy(#""usage": "single-factor""#, [CompliancePolicies.length(13)])
        let result = ComplianceEvaluator.evaluate(policy, against: .cisPassword2021)
        let length = try #require(result.findings.first { $0.clause == "cisppg.5_1_1.min_length_password_only" })
        #expect(length.verdict == .fail && length.level == .should && length.severity == .recommended)
        #expect(result.status != .fails)
        for clause in ComplianceStandard.cisPassword2021.clauses {
            #expect(!clause.source.isConfirmed && clause.source.wording == .secondary, "\(clause.id)")
        }
    }

    // MARK: Source records

    @Test("every clause has a source record, and an unconfirmed clause can warn but never fail, saying why")
    func everyClauseHasASource() throws {
        for standard in ComplianceCatalog.standards {
            for clause in standard.clauses {
                let source = clause.source
                #expect(source.edition == standard.edition && !source.edition.isEmpty, "\(clause.id): edition")
                #expect(!source.section.isEmpty && source.section == clause.citation, "\(clause.id): section")
                if source.wording == .secondary {
                    #expect(source.unconfirmedBecause?.isEmpty == false, "\(clause.id): a secondary copy says why")
                }
                if !source.isConfirmed { #expect(clause.severity != .required, "\(clause.id) could fail a policy") }
            }
        }
        // And in findings: an unconfirmed clause that fails never turns a tile red.
        let failing = try Self.policy(
            #""normalization": "none", "usage": "single-factor""#, [CompliancePolicies.length(15)])
        let result = ComplianceEvaluator.evaluate(failing, against: [.nist80063B4, .cisPassword2021]).results
        for finding in result.flatMap(\.findings) where !finding.source.isConfirmed {
            #expect(!finding.fails(atOrAbove: .required), "\(finding.clause)")
            #expect(finding.source.unconfirmedBecause != nil, "\(finding.clause) says why")
        }
        #expect(result.flatMap(\.findings).contains { !$0.source.isConfirmed && $0.verdict == .fail })
    }
}
