import Foundation
import Testing

@testable import PasswordPolicy

/// The per-policy evaluation modes: one rule set, three readings of a password.
@Suite struct EvaluationModeTests {
    static let rules = """
        [{"rule": "length", "min": 8, "credits": {"digit": 1}}, {"rule": "require", "class": "upper"},
         {"rule": "require", "class": "special"}, {"rule": "max-sequence", "max": 3}, {"rule": "palindrome"},
         {"rule": "context", "fields": ["username"], "substrings": 4}, {"rule": "forbidden-words", "words": ["Acme"]},
         {"rule": "max-class-repeat", "max": 4}]
        """

    static func policy(_ mode: String) throws -> CompiledPolicy {
        try CompiledPolicy(
            PasswordPolicy(
                json: Data(
                    #"{"name": "m", "evaluation": "\#(mode)", "normalization": "none", "rules": \#(rules)}"#.utf8)))
    }

    @Test(arguments: [
        // (password, unicode, apple, pwquality)
        ("Ab1!xyQw", true, true, true),
        ("Äb1!xyqw", true, false, false),  // Ä is upper in Unicode only
        ("Ab1 xyQw", false, true, true),  // space is special to Apple and libpwquality
        ("Ab1€xyQw", true, false, true),  // € is special in Unicode and "other" bytes to libpwquality
        ("Ab89:;!Q", true, true, false),  // 89:; is a byte sequence only
        ("Ab1!acmeQ", false, false, false),
        ("Ab1!emcaQ", false, false, false),
        ("Ab1!!1bA", false, false, false),  // a palindrome, case-folded
        ("Ab1!xyzzy", false, false, false),  // five lowercase letters in a row
        ("Ab1!xyQ", true, true, true),  // 7 characters: the digit earns a length credit
        ("Ab!!xyQ", false, false, false),  // 7 characters, no digit, no credit
    ])
    func modes(_ password: String, _ unicode: Bool, _ apple: Bool, _ pwquality: Bool) throws {
        for (mode, expected) in [("unicode", unicode), ("apple", apple), ("pwquality", pwquality)] {
            let verdict = try Self.policy(mode).evaluate(Candidate(password: password)).unlocksReset
            #expect(verdict == expected, "\(mode)")
        }
    }

    @Test func theUsernameSubstringRuleFindsAnyRunOfItsWidth() throws {
        for mode in ["unicode", "pwquality"] {
            let policy = try Self.policy(mode)
            #expect(!policy.evaluate(Candidate(password: "Xq9#mith!zZ", username: "jsmith")).unlocksReset, "\(mode)")
            #expect(!policy.evaluate(Candidate(password: "Xq9#htim!zZ", username: "jsmith")).unlocksReset, "\(mode)")
            #expect(policy.evaluate(Candidate(password: "Xq9#mitZ!zZ", username: "jsmith")).unlocksReset, "\(mode)")
        }
    }

    @Test func aSetOfPoliciesInEveryModeGivesEachPolicysOwnMask() throws {
        let policies = try ["unicode", "apple", "pwquality"].map(Self.policy)
        let set = CompiledPolicySet(policies)
        for password in ["Ab1!xyQw", "Äb1!xyqw", "Ab89:;!Q", "", "ääää-Ab1!", "Xq9#mith!z"] {
            let candidate = Candidate(password: password, username: "jsmith")
            #expect(set.failureMasks(candidate) == policies.map { $0.failureMask(candidate) })
        }
    }

    @Test func theDefaultModeIsLeftOutOfTheCanonicalJSON() throws {
        let plain = try PasswordPolicy(json: Data(#"{"name": "p", "rules": [{"rule": "palindrome"}]}"#.utf8))
        #expect(plain.evaluation == .unicode && !plain.canonicalJSON().contains("evaluation"))
        var apple = plain
        apple.evaluation = .apple
        #expect(try PasswordPolicy(json: Data(apple.canonicalJSON().utf8)) == apple)
    }
}
