import Foundation
import Testing

@testable import PasswordStrength

/// Edge cases: the empty password, scalars rather than characters, and the bounded search past
/// `StrengthEstimator.analyzedLength` scalars.
struct StrengthBoundsTests {
    let estimator = StrengthEstimator()

    @Test func emptyPasswordIsOneGuess() {
        let estimate = estimator.estimate("")
        #expect((estimate.guesses, estimate.score, estimate.sequence.count) == (1, 0, 0))
        #expect(estimate.feedback.suggestions.count == 2)
    }

    @Test func passwordsAreScoredScalarByScalarAsTyped() {
        // é precomposed is one scalar, decomposed two: zxcvbn (Python code points) counts them apart.
        let composed = estimator.estimate("caf\u{e9}")
        let decomposed = estimator.estimate("cafe\u{301}")
        #expect(composed.sequence.last?.end == 3)
        #expect(decomposed.sequence.last?.end == 4)
        #expect(composed.guesses != decomposed.guesses)
    }

    @Test func userInputsRankLikeAList() throws {
        let estimate = estimator.estimate("xq7Kerberos-Zlatan", userInputs: ["nobody", "zlatan"])
        let last = try #require(estimate.sequence.last)
        guard case .dictionary(let detail) = last.pattern else {
            Issue.record("expected a dictionary match, got \(last.pattern.kind)")
            return
        }
        #expect((detail.dictionaryName, detail.rank, detail.matchedWord) == ("user_inputs", 2, "zlatan"))
    }

    @Test func pastTheAnalysedLengthEachScalarIsBruteforce() throws {
        let prefix = String(repeating: "qwerty", count: 30).prefix(StrengthEstimator.analyzedLength)
        let long = String(prefix) + String(repeating: "x", count: 200)
        let head = estimator.estimate(String(prefix))
        let whole = estimator.estimate(long)
        #expect(abs(whole.guessesLog10 - (head.guessesLog10 + 200)) < 1e-9)
        let tail = try #require(whole.sequence.last)
        #expect((tail.pattern, tail.start, tail.end) == (.bruteforce, StrengthEstimator.analyzedLength, 327))
        #expect(whole.score == 4)
    }

    @Test func adversarialKibibyteFinishesWithAFiniteEstimate() {
        // Repeats, keyboard walks and every l33t character, 1,024 bytes.
        let l33t = "4@8({[<3691!|70$5+7%2"
        var text = ""
        while text.utf8.count < 1024 { text += l33t + "qwertyuiop" + "aaaaaaaa" + "1qaz2wsx" + "abcdefgh" }
        let password = String(text.utf8.prefix(1024).map { Character(Unicode.Scalar($0)) })
        let clock = ContinuousClock()
        let elapsed = clock.measure { #expect(estimator.estimate(password).guessesLog10.isFinite) }
        print("strength: 1 KiB adversarial input estimated in \(elapsed)")
        #expect(elapsed < .seconds(60))
    }
}
