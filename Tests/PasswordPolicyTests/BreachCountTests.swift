import Foundation
import Testing

@testable import PasswordPolicy

/// `CompiledPolicy.breachedRuleMask` and `breachCount(password:rules:)`: the breach count a report buckets by, asked
/// only of the breach-corpus rules a failure mask names.
@Suite struct BreachCountTests {
    private static let sha1 = BreachCorpusReference(format: .sha1, path: "/c/sha1.txt")
    private static let ntlm = BreachCorpusReference(format: .ntlm, path: "/c/ntlm.txt")

    private static func compiled(_ rules: String, sources: [BreachCorpusReference: any BlocklistSource]) throws
        -> CompiledPolicy
    {
        try CompiledPolicy(PasswordPolicy(json: Data(#"{"name":"t","rules":[\#(rules)]}"#.utf8)), sources: sources)
    }

    private static func count(_ policy: CompiledPolicy, _ password: String, rules: UInt64) -> Int {
        Array(password.utf8).withUnsafeBufferPointer { policy.breachCount(password: $0, rules: rules) }
    }

    @Test func aPolicyWithoutACorpusHasNoBreachedRulesAndCountsNothing() throws {
        let policy = try Self.compiled(
            #"{"rule":"length","min":8},{"rule":"blocklist","lists":["builtin:common"]}"#, sources: [:])
        #expect(policy.breachedRuleMask == 0)
        #expect(
            Self.count(policy, "password", rules: policy.failureMask(Candidate(password: "password")).rawValue) == 0)
    }

    @Test func theCountIsTheLargestAmongTheNamedBreachRulesAndOnlyThoseAreAsked() throws {
        let first = StubBlocklistSource(["hunter22": 40])
        let second = StubBlocklistSource(["hunter22": 7_000])
        let policy = try Self.compiled(
            #"{"rule":"length","min":4},{"rule":"blocklist","lists":["hibp:/c/sha1.txt"]},"#
                + #"{"rule":"blocklist","lists":["hibp-ntlm:/c/ntlm.txt"]}"#,
            sources: [Self.sha1: first, Self.ntlm: second])
        #expect(policy.breachedRuleMask == 0b110)
        #expect(Self.count(policy, "hunter22", rules: 0b110) == 7_000)
        #expect(Self.count(policy, "hunter22", rules: 0b010) == 40)
        #expect(Self.count(policy, "hunter22", rules: 0b001) == 0, "a length failure asks no corpus")
        #expect(first.questions == ["hunter22", "hunter22"])
        #expect(second.questions == ["hunter22"])
    }

    @Test func aNonASCIIPasswordIsLookedUpAfterThePolicysNormalization() throws {
        let source = StubBlocklistSource(["pass1": 3])
        let policy = try Self.compiled(
            #"{"rule":"blocklist","lists":["hibp:/c/sha1.txt"]}"#, sources: [Self.sha1: source])
        #expect(Self.count(policy, "ｐａｓｓ１", rules: 1) == 3)
        #expect(source.questions == ["pass1"], "NFKC folds fullwidth letters, as the rule's own lookup does")
    }
}
