import Foundation
import PasswordPolicy
import PwauditTestSupport
import Testing

@testable import PolicyCompliance

/// The issue's scenarios: the seed policy under NIST rev 4, PCI against NIST, undeclared attributes, evidence.
@Suite("Compliance scenarios")
struct ComplianceScenarioTests {
    private func finding(_ result: StandardResult, _ clause: String) throws -> ClauseFinding {
        try #require(result.findings.first { $0.clause == clause })
    }

    @Test("examples/seed.json fails NIST rev 4 on length and on composition, and the findings say both")
    func seed() throws {
        let policy = try PasswordPolicy(json: Data(contentsOf: URL(fileURLWithPath: SourceTree.example("seed.json"))))
        let result = ComplianceEvaluator.evaluate(policy, against: .nist80063B4)
        #expect(result.status == .fails)
        let length = try finding(result, "nist63b4.min_length_single_factor")
        #expect(length.verdict == .fail)
        #expect(length.policyValue.hasPrefix("8 (usage not declared"))
        #expect(length.requiredValue == "≥ 15 (single-factor)")
        #expect(length.evidenceRequest == .candidatesShorterThan(minimum: 15))
        let composition = try finding(result, "nist63b4.no_composition_rules")
        #expect(composition.verdict == .fail)
        #expect(composition.policyValue == "require-upper, require-digit, require-special")
        #expect(try finding(result, "nist63b4.blocklist_required").verdict == .fail)
        #expect(try finding(result, "nist63b4.no_periodic_change").verdict == .unknown)
    }

    @Test("a PCI-compliant policy fails NIST rev 4, and the composition and rotation conflicts are named")
    func pciAgainstNIST() throws {
        let pci = try CompliancePolicies.cases.first { $0.standard == "pci-dss-4.0.1" }!.compliant()
        let assessment = ComplianceEvaluator.evaluate(pci, against: [.pciDSS401, .nist80063B4])
        #expect(assessment.results.map(\.status) == [.complies, .fails])
        let c1 = try #require(assessment.conflicts.first { $0.conflict == "C1" })
        #expect(c1.isActive)
        #expect(c1.sideAPassing == ["pci401.8_3_6.alpha_and_numeric"])
        #expect(c1.sideBFailing == ["nist63b4.no_composition_rules"])
        #expect(c1.summary.contains("meets pci401.8_3_6.alpha_and_numeric and fails nist63b4.no_composition_rules"))
        let c2 = try #require(assessment.conflicts.first { $0.conflict == "C2" })
        #expect(c2.isActive && c2.sideBFailing == ["nist63b4.no_periodic_change"])
        // A conflict the policy happens to satisfy on both sides is still listed, marked as not in tension.
        let c9 = try #require(assessment.conflicts.first { $0.conflict == "C9" })
        #expect(!c9.isActive && c9.summary.hasPrefix("C9 Lockout threshold: not in tension for this policy"))
        // C5 (minimum length) has PCI and NIST on the same side: not a conflict between these two.
        #expect(!assessment.conflicts.contains { $0.conflict == "C5" })
    }

    @Test("a conflict is reported only when both sides were evaluated")
    func conflictsNeedBothSides() throws {
        let pci = try CompliancePolicies.cases.first { $0.standard == "pci-dss-4.0.1" }!.compliant()
        #expect(ComplianceEvaluator.evaluate(pci, against: [.pciDSS401]).conflicts.isEmpty)
    }

    @Test("PCI 8.3.9 is not applicable under MFA; undeclared lifecycle facts are unknown, not pass")
    func contextAndUnknown() throws {
        let mfa = try CompliancePolicies.policy(
            CompliancePolicies.json(#""usage": "multi-factor""#, [CompliancePolicies.length(12)]))
        let result = ComplianceEvaluator.evaluate(mfa, against: .pciDSS401)
        #expect(try finding(result, "pci401.8_3_9.rotation_or_dynamic").verdict == .notApplicable)
        #expect(try finding(result, "pci401.8_3_7.history_4").verdict == .unknown)
        #expect(try finding(result, "pci401.8_3_4.lockout_threshold").verdict == .unknown)
        #expect(try finding(result, "pci401.8_3_2.strong_crypto").verdict == .needsEvidence)
        #expect(try finding(result, "pci401.8_3_6.min_length").verdict == .pass)
        #expect(
            ComplianceEvaluator.evaluate(mfa, against: .nist80063B4).findings.first {
                $0.clause == "nist63b4.min_length_single_factor"
            }?.verdict == .notApplicable)
    }

    @Test("an entry in two sources (inline words, the built-in list, a file) counts once; one source counts whole")
    func entriesAcrossSourcesCountOnce() throws {
        let json =
            #"{"name":"t","rules":[{"rule":"blocklist","lists":["builtin:common","file:f.txt"],"#
            + #""words":["password","zz-own-word"]}]}"#
        let policy = try PasswordPolicy(json: Data(json.utf8)).loadingFileLists { name in
            BlocklistFile(name: name, sha256: String(repeating: "0", count: 64), words: ["123456", "zz-file-word"])
        }
        // 500 built-in entries, "password" and "123456" among them: one inline and one file entry are new.
        #expect(PolicyFacts(policy).blocklistEntries == 502)
        // One file whose lines spell caféx composed and decomposed: distinct bytes, one entry to the rule.
        let text = Array("caf\u{E9}x\ncafe\u{301}x\nzebra\n".utf8)
        let entries = text.withUnsafeBufferPointer { BlocklistEntries(text: $0) }
        #expect(entries.count == 3, "the loaded list keeps both spellings")
        let single = try PasswordPolicy(
            json: Data(#"{"name":"t","rules":[{"rule":"blocklist","lists":["file:f.txt"]}]}"#.utf8)
        ).loadingFileLists { name in
            BlocklistFile(name: name, sha256: String(repeating: "0", count: 64), entries: entries)
        }
        #expect(PolicyFacts(single).blocklistEntries == 2, "canonically equivalent spellings count once")
    }

    @Test("ASVS 5.0 6.2.4 counts only entries the rest of the policy accepts")
    func matchingPolicy() throws {
        // 500 built-in entries, none of 15 characters or more; 3,000 long listed ones.
        let long = try CompliancePolicies.policy(
            CompliancePolicies.json("", [CompliancePolicies.length(15), CompliancePolicies.common]), listed: 3000)
        let facts = PolicyFacts(long)
        #expect(facts.blocklistEntries == 3500)
        #expect(facts.blocklistEntriesMatchingPolicy == 3000)
        let capped = try CompliancePolicies.policy(
            CompliancePolicies.json("", [CompliancePolicies.length(15, 17), CompliancePolicies.digit]), listed: 3000)
        // "leakedpassphrase0"… are 17 to 20 characters: the cap of 17 keeps the ten one-digit ones.
        #expect(PolicyFacts(capped).blocklistEntriesMatchingPolicy == 10)
    }

    @Test(
        "a pwquality-style length with credits counts its shortest accepted length; credits and class repeats are composition"
    )
    func pwqualityFacts() throws {
        let credited = try CompliancePolicies.policy(
            CompliancePolicies.json(
                "",
                [
                    #"{"rule": "length", "min": 12, "credits": {"digit": 1, "special": 2}}"#,
                    #"{"rule": "max-class-repeat", "max": 3}"#, #"{"rule": "palindrome"}"#,
                ]))
        let facts = PolicyFacts(credited)
        #expect(facts.minLength == 9)
        #expect(facts.compositionRuleIDs == ["length", "max-class-repeat"])
    }

    @Test(
        "allowed classes are read as the engine reads them in the policy's evaluation mode (Apple: special has space)")
    func appleModeAcceptance() throws {
        let allowed = #"{"rule": "allowed", "classes": ["upper", "lower", "digit", "special"]}"#
        let apple = PolicyFacts(
            try CompliancePolicies.policy(CompliancePolicies.json(#""evaluation": "apple""#, [allowed])))
        #expect(apple.acceptsSpace && apple.acceptsPrintableASCII)
        #expect(!apple.acceptsUnicode && !apple.acceptsEmoji)
        let unicode = PolicyFacts(try CompliancePolicies.policy(CompliancePolicies.json("", [allowed])))
        #expect(!unicode.acceptsSpace && unicode.acceptsPrintableASCII && unicode.acceptsEmoji)
        // What the engine itself does with a space under each mode.
        #expect(
            try CompiledPolicy(CompliancePolicies.policy(CompliancePolicies.json(#""evaluation": "apple""#, [allowed])))
                .evaluate(Candidate(password: "a b")).unlocksReset)
        #expect(
            try !CompiledPolicy(CompliancePolicies.policy(CompliancePolicies.json("", [allowed])))
                .evaluate(Candidate(password: "a b")).unlocksReset)
    }

    @Test("composition: classes rules that guarantee a letter and a digit meet PCI; marks of Unicode acceptance")
    func derivedFacts() throws {
        let classes = try CompliancePolicies.policy(
            CompliancePolicies.json(
                "", [#"{"rule": "classes", "min": 3, "of": ["upper", "lower", "digit", "special"]}"#]))
        // Three of four could be upper + lower + special: no digit guaranteed.
        #expect(PolicyFacts(classes).requiresLetter && !PolicyFacts(classes).requiresDigit)
        let twoOfTwo = try CompliancePolicies.policy(
            CompliancePolicies.json("", [#"{"rule": "classes", "min": 2, "of": ["letter", "digit"]}"#]))
        #expect(PolicyFacts(twoOfTwo).requiresLetter && PolicyFacts(twoOfTwo).requiresDigit)
        let nist = try PasswordPolicy(json: Data(contentsOf: URL(fileURLWithPath: SourceTree.example("nist.json"))))
        let facts = PolicyFacts(nist)
        #expect(facts.acceptsPrintableASCII && facts.acceptsSpace && facts.acceptsUnicode && facts.acceptsEmoji)
        let asciiOnly = try CompliancePolicies.policy(
            CompliancePolicies.json("", [#"{"rule": "allowed", "classes": ["upper", "lower", "digit"]}"#]))
        #expect(!PolicyFacts(asciiOnly).acceptsUnicode && !PolicyFacts(asciiOnly).acceptsPrintableASCII)
    }

    /// Issue 20's repro: pwquality mode counts UTF-8 bytes, so a length of 15 lets `ääääääää` (8 code points, 16 bytes)
    /// and four emoji (16 bytes) through. The clauses read what the engine enforces: 4 code points, counted as bytes.
    @Test("a pwquality-mode length of 15 fails NIST's code-point clauses: it enforces 4 code points, counted in bytes")
    func pwqualityCountsBytes() throws {
        let json = CompliancePolicies.json(
            #""evaluation": "pwquality", "usage": "single-factor""#, [CompliancePolicies.length(15)])
        let policy = try CompliancePolicies.policy(json)
        let compiled = try CompiledPolicy(policy)
        #expect(compiled.evaluate(Candidate(password: String(repeating: "\u{E4}", count: 8))).unlocksReset)
        #expect(compiled.evaluate(Candidate(password: "😀😀😀😀")).unlocksReset)
        #expect(!compiled.evaluate(Candidate(password: "😀😀😀")).unlocksReset)
        for standard in [ComplianceStandard.nist80063B4, .nist80063B3] {
            let result = ComplianceEvaluator.evaluate(policy, against: standard)
            let prefix = standard == .nist80063B4 ? "nist63b4" : "nist63b3"
            let length = try finding(
                result, prefix + (standard == .nist80063B4 ? ".min_length_single_factor" : ".min_length"))
            let codePoints = try finding(result, prefix + ".length_counts_code_points")
            #expect(codePoints.verdict == .fail)
            #expect(codePoints.policyValue == "UTF-8 bytes as typed (evaluation pwquality)")
            #expect(result.status == .fails)
            if standard == .nist80063B4 {
                #expect(length.verdict == .fail)
                #expect(
                    length.policyValue == "4 code points (the length rule counts 15 UTF-8 bytes: evaluation pwquality)")
            } else {
                #expect(length.verdict == .fail, "rev 3's 8 is more than the 4 code points enforced")
            }
        }
        // The same rule in the default mode passes both; in pwquality mode 57 bytes are needed for 15 code points.
        let unicode = try CompliancePolicies.policy(
            CompliancePolicies.json(#""usage": "single-factor""#, [CompliancePolicies.length(15)]))
        let nist = ComplianceEvaluator.evaluate(unicode, against: .nist80063B4)
        #expect(try finding(nist, "nist63b4.min_length_single_factor").verdict == .pass)
        #expect(try finding(nist, "nist63b4.length_counts_code_points").verdict == .pass)
        let bytes57 = try CompliancePolicies.policy(
            CompliancePolicies.json(
                #""evaluation": "pwquality", "usage": "single-factor""#, [CompliancePolicies.length(57)]))
        let long = ComplianceEvaluator.evaluate(bytes57, against: .nist80063B4)
        #expect(try finding(long, "nist63b4.min_length_single_factor").verdict == .pass)
        #expect(try finding(long, "nist63b4.length_counts_code_points").verdict == .fail)
        // Its length and class rules read the bytes as typed: no normalization reaches them.
        #expect(try finding(long, "nist63b4.unicode_normalization").verdict == .fail)
    }

    @Test("a MAY clause never counts as a failure")
    func mayNeverFails() throws {
        let seed = try CompliancePolicies.policy(CompliancePolicies.json("", [CompliancePolicies.length(8)]))
        let result = ComplianceEvaluator.evaluate(seed, against: .nist80063B4)
        let context = try finding(result, "nist63b4.blocklist_context_words")
        #expect(context.verdict == .fail && context.severity == .informational)
        #expect(!context.fails(atOrAbove: .recommended) && !context.fails(atOrAbove: .informational))
    }
}
