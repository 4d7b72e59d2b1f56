import Foundation
import Testing

@testable import PasswordPolicy

/// The `blocklist` rule over a breach corpus (`hibp:`, `hibp-ntlm:`): parsing, compiling with an opened source, and
/// verdicts by `min-count`.
@Suite struct BreachedRuleTests {
    private static let reference = BreachCorpusReference(format: .sha1, path: "/corpora/pwned.txt")

    private static func policy(_ rule: String) throws -> PasswordPolicy {
        try PasswordPolicy(json: Data(#"{"name":"t","rules":[\#(rule)]}"#.utf8))
    }

    @Test func aHIBPListParsesToABreachedRuleWithItsMinCount() throws {
        let policy = try Self.policy(#"{"rule":"blocklist","lists":["hibp:/corpora/pwned.txt"],"min-count":10}"#)
        #expect(policy.rules[0].kind == .breached(Self.reference, minCount: 10))
        #expect(policy.rules[0].id == "blocklist")
        #expect(policy.breachCorpusReferences == [Self.reference])
        let ntlm = try Self.policy(#"{"rule":"blocklist","lists":["hibp-ntlm:nt.txt"]}"#)
        #expect(ntlm.rules[0].kind == .breached(.init(format: .ntlm, path: "nt.txt"), minCount: 1))
    }

    @Test func theCanonicalJSONRoundTrips() throws {
        let policy = try Self.policy(#"{"rule":"blocklist","lists":["hibp:/corpora/pwned.txt"],"min-count":3}"#)
        let json = policy.canonicalJSON()
        #expect(json.contains(#""lists":["hibp:/corpora/pwned.txt"],"min-count":3"#))
        #expect(try PasswordPolicy(json: Data(json.utf8)) == policy)
    }

    @Test(arguments: [
        (#"{"rule":"blocklist","lists":["hibp:a.txt","builtin:common"]}"#, "rules[0].lists"),
        (#"{"rule":"blocklist","lists":["hibp:a.txt"],"words":["x"]}"#, "rules[0].lists"),
        (#"{"rule":"blocklist","lists":["builtin:common"],"min-count":2}"#, "rules[0].min-count"),
        (#"{"rule":"blocklist","lists":["hibp:a.txt"],"min-count":0}"#, "rules[0].min-count"),
        (#"{"rule":"blocklist","lists":["hibp:a.txt"],"min-count":1000000001}"#, "rules[0].min-count"),
        (#"{"rule":"blocklist","lists":["hibp:"]}"#, "rules[0].lists[0]"),
    ])
    func mistakesAreNamedByPath(rule: String, path: String) {
        guard case .invalid(let actual, _) = parseError(#"{"name":"t","rules":[\#(rule)]}"#) else {
            Issue.record("expected an invalid policy")
            return
        }
        #expect(actual == path)
    }

    @Test func aMinCountAsHighAsRealCorporaCountIsAccepted() throws {
        // "123456" has been seen tens of millions of times; the other integer keys stop at a million.
        let policy = try Self.policy(#"{"rule":"blocklist","lists":["hibp:/corpora/pwned.txt"],"min-count":50000000}"#)
        guard case .breached(_, let minCount) = policy.rules[0].kind else {
            Issue.record("not a breached rule")
            return
        }
        #expect(minCount == 50_000_000)
    }

    @Test func compilingWithoutTheOpenedCorpusIsAnError() throws {
        let policy = try Self.policy(#"{"rule":"blocklist","lists":["hibp:/corpora/pwned.txt"]}"#)
        #expect(throws: PolicyError.self) { _ = try CompiledPolicy(policy) }
    }

    @Test(arguments: [
        ("123456", 1, false), ("123456", 5, false), ("123456", 6, true), ("rare", 1, false),
        ("rare", 2, true), ("absent", 1, true),
    ])
    func aPasswordFailsAtMinCountSightings(password: String, minCount: Int, passes: Bool) throws {
        let source = StubBlocklistSource(["123456": 5, "rare": 1])
        let policy = try Self.policy(
            #"{"rule":"blocklist","lists":["hibp:/corpora/pwned.txt"],"min-count":\#(minCount)}"#)
        let compiled = try CompiledPolicy(policy, sources: [Self.reference: source])
        let outcome = compiled.evaluate(Candidate(password: password)).outcomes[0]
        #expect(outcome.passed == passes)
        #expect(outcome.code == (passes ? "blocklist.ok" : "blocklist.breached"))
        #expect(outcome.required == ["min-count": minCount])
        #expect(outcome.actual == ["seen": source.counts[password] ?? 0])
        #expect(!outcome.message.contains(password))
        #expect(compiled.failureMask(Candidate(password: password)).rawValue == (passes ? 0 : 1))
        let set = CompiledPolicySet([compiled])
        #expect(
            set.failureMasks(Candidate(password: password)) == [compiled.failureMask(Candidate(password: password))])
    }

    @Test func theCorpusIsAskedTheNormalizedPasswordWithItsCase() throws {
        let source = StubBlocklistSource(["Password": 7])
        let policy = try Self.policy(#"{"rule":"blocklist","lists":["hibp:/corpora/pwned.txt"]}"#)
        let compiled = try CompiledPolicy(policy, sources: [Self.reference: source])
        #expect(code(compiled, "Password") == "blocklist.breached")
        #expect(code(compiled, "password") == "blocklist.ok")
        _ = compiled.evaluate(Candidate(password: "ｐａｓｓ"))  // NFKC: fullwidth letters become ASCII
        #expect(source.questions == ["Password", "password", "pass"])
    }

    @Test func theMessageSaysHowOftenWithoutThePassword() throws {
        let source = StubBlocklistSource(["letmein": 1, "123456": 3_861_493])
        let policy = try Self.policy(#"{"rule":"blocklist","lists":["hibp:/corpora/pwned.txt"]}"#)
        let compiled = try CompiledPolicy(policy, sources: [Self.reference: source])
        #expect(
            compiled.evaluate(Candidate(password: "letmein")).outcomes[0].message
                == "This password has appeared in data breaches (seen once); choose another.")
        #expect(compiled.evaluate(Candidate(password: "123456")).outcomes[0].message.contains("seen 3861493 times"))
    }

    /// A policy imported from libpwquality or Apple may name a corpus and banned terms too: those keep their Unicode
    /// reading while the mode's rules read bytes or Apple's classes, and masks agree with outcomes on every path.
    @Test(arguments: ["unicode", "apple", "pwquality"])
    func aCorpusAndBannedTermsWorkInEveryEvaluationMode(mode: String) throws {
        let source = StubBlocklistSource(["Summer2024!": 3])
        let policy = try PasswordPolicy(
            json: Data(
                #"""
                {"name": "m", "evaluation": "\#(mode)", "normalization": "none", "rules": [
                 {"rule": "length", "min": 8}, {"rule": "blocklist", "lists": ["hibp:/corpora/pwned.txt"]},
                 {"rule": "banned-terms", "terms": ["contoso", "blank"]}, {"rule": "palindrome"},
                 {"rule": "max-class-repeat", "max": 5}]}
                """#.utf8))
        let compiled = try CompiledPolicy(policy, sources: [Self.reference: source])
        let expectations: [(String, [String])] = [
            ("Summer2024!", ["blocklist.breached"]),
            ("C0ntos0Blank12", ["banned-terms.score"]),
            ("Ab1!!1bA", ["palindrome.palindrome"]),
            ("Xq9#mZt!vW", []),
        ]
        for (password, failing) in expectations {
            let candidate = Candidate(password: password)
            let evaluation = compiled.evaluate(candidate)
            #expect(evaluation.failingCodes == failing, "\(mode) \(password)")
            #expect(compiled.failureMask(candidate) == evaluation.failureMask, "\(mode) \(password)")
            #expect(CompiledPolicySet([compiled]).failureMasks(candidate) == [evaluation.failureMask])
        }
    }
}
