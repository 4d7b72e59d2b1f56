import Foundation
import Testing

@testable import PasswordPolicy

/// `CompiledPolicy.breachedRuleMask` and the breach counts `CompiledPolicySet` writes beside the masks: the count a
/// report buckets by, the largest a refusing breach-corpus rule found, from the rules' own lookups.
@Suite struct BreachCountTests {
    private static let sha1 = BreachCorpusReference(format: .sha1, path: "/c/sha1.txt")
    private static let ntlm = BreachCorpusReference(format: .ntlm, path: "/c/ntlm.txt")

    private static func compiled(_ rules: String, sources: [BreachCorpusReference: any BlocklistSource]) throws
        -> CompiledPolicy
    {
        try CompiledPolicy(PasswordPolicy(json: Data(#"{"name":"t","rules":[\#(rules)]}"#.utf8)), sources: sources)
    }

    /// Each policy's mask and breach count for `password`.
    private static func score(_ policies: [CompiledPolicy], _ password: String) -> (masks: [UInt64], counts: [Int]) {
        var masks = [UInt64](repeating: 0, count: policies.count)
        var counts = [Int](repeating: -1, count: policies.count)
        Array(password.utf8).withUnsafeBufferPointer { password in
            masks.withUnsafeMutableBufferPointer { masks in
                counts.withUnsafeMutableBufferPointer { counts in
                    CompiledPolicySet(policies).failureMasks(
                        password: password, username: nil, email: nil, into: masks, breachCounts: counts)
                }
            }
        }
        return (masks, counts)
    }

    @Test func aPolicyWithoutACorpusHasNoBreachedRulesAndCountsNothing() throws {
        let policy = try Self.compiled(
            #"{"rule":"length","min":8},{"rule":"blocklist","lists":["builtin:common"]}"#, sources: [:])
        #expect(policy.breachedRuleMask == 0)
        let scored = Self.score([policy], "password")
        #expect(scored.masks == [0b10])
        #expect(scored.counts == [0])
    }

    @Test func theCountIsTheLargestAmongTheRefusingBreachRulesAndEachCorpusIsAskedOnce() throws {
        let first = StubBlocklistSource(["hunter22": 40])
        let second = StubBlocklistSource(["hunter22": 7_000])
        let both = try Self.compiled(
            #"{"rule":"length","min":4},{"rule":"blocklist","lists":["hibp:/c/sha1.txt"]},"#
                + #"{"rule":"blocklist","lists":["hibp-ntlm:/c/ntlm.txt"]}"#,
            sources: [Self.sha1: first, Self.ntlm: second])
        let one = try Self.compiled(
            #"{"rule":"blocklist","lists":["hibp:/c/sha1.txt"]}"#, sources: [Self.sha1: first])
        #expect(both.breachedRuleMask == 0b110)
        let scored = Self.score([both, one], "hunter22")
        #expect(scored.masks == [0b110, 0b1])
        #expect(scored.counts == [7_000, 40])
        #expect(first.questions == ["hunter22", "hunter22"], "one lookup per policy's rule, none repeated for counts")
        #expect(second.questions == ["hunter22"])
    }

    @Test func aCountBelowMinCountPassesAndCountsNothing() throws {
        let source = StubBlocklistSource(["hunter22": 4])
        let policy = try Self.compiled(
            #"{"rule":"blocklist","lists":["hibp:/c/sha1.txt"],"min-count":5}"#, sources: [Self.sha1: source])
        let scored = Self.score([policy], "hunter22")
        #expect(scored.masks == [0])
        #expect(scored.counts == [0], "a password the rule let pass is not counted as breached")
    }

    @Test func aNonASCIIPasswordIsLookedUpAfterThePolicysNormalization() throws {
        let source = StubBlocklistSource(["pass1": 3])
        let policy = try Self.compiled(
            #"{"rule":"blocklist","lists":["hibp:/c/sha1.txt"]}"#, sources: [Self.sha1: source])
        #expect(Self.score([policy], "ｐａｓｓ１").counts == [3])
        #expect(source.questions == ["pass1"], "NFKC folds fullwidth letters, as the rule's own lookup does")
    }
}
