import Foundation
import PasswordStrength
import Testing

@testable import PasswordPolicy

/// The `strength` rule: zxcvbn's score or guesses, with the candidate's username, email and the policy's organization
/// as user inputs.
@Suite struct StrengthRuleTests {
    private static let estimator = StrengthEstimator()
    private static let passwords = [
        "password", "Tr0ub4dor&3", "correcthorsebatterystaple", "qwertyuiop", "jsmith2024", "zxcvbn!", "8fT#q2Lw9x",
        "abcabcabcabc", "1990-04-12", "monkey", "kJ8#mQ2!zR7p",
    ]

    @Test func parsesEitherThresholdAndWritesItCanonically() throws {
        let score = try PasswordPolicy(json: Data(#"{"name":"t","rules":[{"rule":"strength","min-score":3}]}"#.utf8))
        #expect(score.rules[0].kind == .strength(.minScore(3)))
        #expect(score.rules[0].canonicalJSON().contains(#""min-score":3"#))
        #expect(score.rules[0].parameters["min-score"] == "3")
        let guesses = try PasswordPolicy(
            json: Data(#"{"name":"t","rules":[{"rule":"strength","min-guesses-log10":10}]}"#.utf8))
        #expect(guesses.rules[0].kind == .strength(.minGuessesLog10(10)))
        let reparsed = try PasswordPolicy(json: Data(guesses.canonicalJSON().utf8))
        #expect(reparsed.rules == guesses.rules)
    }

    @Test(arguments: [
        (#""min-score":5"#, "rules[0].min-score"), (#""min-score":0"#, "rules[0].min-score"),
        (#""min-score":"3""#, "rules[0].min-score"), (#""min-guesses-log10":0"#, "rules[0].min-guesses-log10"),
        (#""min-guesses-log10":2.5"#, "rules[0].min-guesses-log10"), ("", "rules[0]"),
        (#""min-score":3,"min-guesses-log10":10"#, "rules[0].min-guesses-log10"), (#""max":3"#, "rules[0]"),
    ])
    func refusesBadThresholdsNamingTheKeyPath(members: String, path: String) throws {
        let separator = members.isEmpty ? "" : ","
        let error = parseError(#"{"name":"t","rules":[{"rule":"strength"\#(separator)\#(members)}]}"#)
        guard case .invalid(let at, _) = error else {
            Issue.record("expected a refusal, got \(String(describing: error))")
            return
        }
        #expect(at == path)
    }

    /// A password whose estimated score is exactly min-score passes; the rule at one above fails it.
    @Test(arguments: passwords)
    func scoreBoundary(password: String) throws {
        let score = Self.estimator.estimate(password).score
        if score >= 1 {
            let atScore = try compile(rule: #"{"rule":"strength","min-score":\#(score)}"#)
            #expect(code(atScore, password) == "strength.ok")
        }
        if score < 4 {
            let above = try compile(rule: #"{"rule":"strength","min-score":\#(score + 1)}"#)
            let outcome = above.evaluate(Candidate(password: password)).outcomes[0]
            #expect(outcome.code == "strength.too-guessable")
            #expect(outcome.actual["score"] == score)
            #expect(outcome.required == ["min-score": score + 1])
        }
    }

    @Test(arguments: passwords)
    func guessesBoundary(password: String) throws {
        let log10 = Self.estimator.estimate(password).guessesLog10
        let floor = Int(log10.rounded(.down))
        if floor >= 1 {
            #expect(
                code(try compile(rule: #"{"rule":"strength","min-guesses-log10":\#(floor)}"#), password)
                    == "strength.ok")
        }
        let above = try compile(rule: #"{"rule":"strength","min-guesses-log10":\#(floor + 1)}"#)
        #expect(code(above, password) == "strength.too-guessable")
    }

    /// A password built from the username fails where, for another user, it passes.
    @Test func theUsernameAndEmailAreUserInputs() throws {
        let password = "Xkqzvwy#Tplmrd"
        let alone = Self.estimator.estimate(password).score
        let withName = Self.estimator.estimate(password, userInputs: ["Xkqzvwy#Tplmrd"]).score
        #expect(withName < alone)
        let policy = try compile(rule: #"{"rule":"strength","min-score":\#(alone)}"#)
        #expect(code(policy, password, username: "someone") == "strength.ok")
        #expect(code(policy, password, username: "Xkqzvwy#Tplmrd") == "strength.too-guessable")
        #expect(code(policy, password, email: "Xkqzvwy#Tplmrd") == "strength.too-guessable")
    }

    @Test func theBannedTermsOrganizationIsAUserInput() throws {
        let password = "Qzvkwplx#Rtmn"
        let alone = Self.estimator.estimate(password).score
        #expect(Self.estimator.estimate(password, userInputs: [password]).score < alone)
        let policy = try compile(
            #"{"name":"t","rules":[{"rule":"strength","min-score":\#(alone)},"#
                + #"{"rule":"banned-terms","terms":["zzzz"],"organization":"\#(password)","min-score":1}]}"#)
        #expect(code(policy, password) == "strength.too-guessable")
    }

    @Test func theReasonCarriesScoreAndWarningButNeverThePassword() throws {
        let password = "qwertyuiop"
        let estimate = Self.estimator.estimate(password)
        let policy = try compile(rule: #"{"rule":"strength","min-score":4}"#)
        let outcome = policy.evaluate(Candidate(password: password)).outcomes[0]
        #expect(outcome.actual["score"] == estimate.score)
        #expect(outcome.actual["guesses-log10-tenths"] == Int((estimate.guessesLog10 * 10).rounded(.down)))
        #expect(estimate.feedback.warning != .none)
        #expect(outcome.actual["warning-\(estimate.feedback.warning.rawValue)"] == 1)
        #expect(outcome.message.contains("[\(estimate.feedback.warning.rawValue)]"))
        for text in [outcome.message, outcome.label, outcome.code] + outcome.actual.keys + outcome.required.keys {
            #expect(!text.lowercased().contains("qwerty"))
        }
    }

    /// Import's masks (the set's) and `check`'s outcomes (evaluate) agree, in every evaluation mode.
    @Test(arguments: ["unicode", "pwquality", "apple"])
    func importAndCheckAgree(mode: String) throws {
        let policy = try compile(
            #"{"name":"t","evaluation":"\#(mode)","rules":[{"rule":"length","min":8},"#
                + #"{"rule":"strength","min-score":3}]}"#)
        let set = CompiledPolicySet([policy])
        for password in Self.passwords {
            let candidate = Candidate(password: password, username: "jsmith", email: "j.smith@example.com")
            let outcomes = policy.evaluate(candidate).outcomes
            let expected: UInt64 = outcomes.enumerated().reduce(0) { $0 | ($1.element.passed ? 0 : 1 << $1.offset) }
            #expect(set.failureMasks(candidate) == [policy.failureMask(candidate)])
            #expect(policy.failureMask(candidate).rawValue == expected)
            let strong = Self.estimator.estimate(password, userInputs: ["jsmith", "j.smith@example.com"]).score >= 3
            #expect(outcomes[1].passed == strong)
        }
    }
}
