import Foundation
import Testing

@testable import PasswordStrength

/// The package's worked example (zxcvbn 4.5.0's README: `JohnSmith123` with the user inputs John and Smith) and
/// zxcvbn's demo passwords, with what zxcvbn 4.5.0 gives for each: score, guesses, the decomposition's patterns and
/// the warning.
struct StrengthExampleTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var password: String
        var inputs: [String] = []
        var score: Int
        var guesses: Double
        var patterns: [String]
        var warning: StrengthFeedback.Warning
        var testDescription: String { password }
    }

    static let examples: [Example] = [
        Example(
            password: "JohnSmith123", inputs: ["John", "Smith"], score: 2, guesses: 2_567_800,
            patterns: ["dictionary", "dictionary"], warning: .none),
        Example(password: "zxcvbn", score: 0, guesses: 58, patterns: ["dictionary"], warning: .topHundred),
        Example(
            password: "qwER43@!", score: 2, guesses: 90_470_621.03078316, patterns: ["spatial"], warning: .keyPattern),
        Example(
            password: "Tr0ub4dour&3", score: 2, guesses: 19_058_000, patterns: ["dictionary", "bruteforce"],
            warning: .none),
        Example(
            password: "correcthorsebatterystaple", score: 4, guesses: 273_500_327_700_640,
            patterns: ["dictionary", "dictionary", "dictionary", "dictionary"], warning: .none),
        Example(
            password: "coRrecth0rseba++ery9.23.2007staple$", score: 4, guesses: 5.150562665106304e+20,
            patterns: ["dictionary", "dictionary", "dictionary", "date", "dictionary"], warning: .none),
        Example(password: "p@ssword", score: 0, guesses: 5, patterns: ["dictionary"], warning: .similarToCommon),
        Example(password: "abcabcabc", score: 0, guesses: 40, patterns: ["repeat"], warning: .extendedRepeat),
        Example(password: "aaaaaa", score: 0, guesses: 73, patterns: ["repeat"], warning: .simpleRepeat),
        Example(password: "1qaz2wsx3edc", score: 0, guesses: 1001, patterns: ["dictionary"], warning: .common),
        Example(
            password: "D0g..................", score: 1, guesses: 442_000, patterns: ["bruteforce", "repeat"],
            warning: .simpleRepeat),
        Example(password: "10/11/1991", score: 1, guesses: 37961, patterns: ["date"], warning: .date),
        Example(password: "1991", score: 0, guesses: 27, patterns: ["regex"], warning: .recentYear),
        Example(password: "drowssap", score: 0, guesses: 5, patterns: ["dictionary"], warning: .similarToCommon),
        Example(password: "rWibMFACxAUGZmxhVncy", score: 4, guesses: 1e20, patterns: ["bruteforce"], warning: .none),
    ]

    @Test(arguments: examples)
    func estimateIsZxcvbns(_ example: Example) {
        let estimate = StrengthEstimator().estimate(example.password, userInputs: example.inputs)
        #expect(estimate.score == example.score)
        #expect(abs(estimate.guesses - example.guesses) <= example.guesses * 1e-12)
        #expect(estimate.sequence.map(\.pattern.kind) == example.patterns)
        #expect(estimate.feedback.warning == example.warning)
        #expect(estimate.guessesLog10 == log10(estimate.guesses))
    }

    @Test func readmeExampleHasZxcvbnsMatchesAndSuggestions() throws {
        let estimate = StrengthEstimator().estimate("JohnSmith123", userInputs: ["John", "Smith"])
        let john = try #require(estimate.sequence.first)
        let smith = try #require(estimate.sequence.last)
        guard case .dictionary(let first) = john.pattern, case .dictionary(let second) = smith.pattern else {
            Issue.record("not two dictionary matches")
            return
        }
        // "john" ties at the 50-guess floor as a male name (rank 2) and a user input (rank 1): the first list wins.
        #expect((first.dictionaryName, first.rank, john.guesses) == ("male_names", 2, 50))
        #expect(
            (second.dictionaryName, second.matchedWord, second.rank, smith.guesses) == (
                "passwords", "smith123", 12789, 25578
            ))
        #expect(
            estimate.feedback.suggestions == [
                "Add another word or two. Uncommon words are better.", "Capitalization doesn't help very much.",
            ])
    }
}
