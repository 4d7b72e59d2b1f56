import Foundation
import PwauditTestSupport
import Testing

@testable import PasswordStrength

/// The estimator agrees with PyPI zxcvbn 4.5.0 on generated candidates, their usernames and e-mails as user
/// inputs: the score for at least 99.9% of them, `log10` guesses within 0.01 for at least 99%. 10,000 candidates
/// here (`PWAUDIT_STRENGTH_PARITY_ROWS` asks for more: docs/strength.md has the 100,000 figure).
@Suite(.enabled(if: ZxcvbnOracle.python != nil && SharedBench.isAvailable, .init(rawValue: ZxcvbnOracle.unavailable)))
struct StrengthParityTests {
    @Test func scoresAndGuessesAgreeWithZxcvbnOnGeneratedCandidates() throws {
        let rows = ProcessInfo.processInfo.environment["PWAUDIT_STRENGTH_PARITY_ROWS"].flatMap { Int($0) } ?? 10_000
        let directory = try TemporaryDirectory(prefix: "pwaudit-strength-parity")
        let csv = directory.path("corpus.csv")
        _ = try SharedBench.generate(["--rows", String(rows), "--seed", "23"], output: csv)
        let oracle = try ZxcvbnOracle.run(script: "zxcvbn-oracle.py", [csv])
        let estimator = StrengthEstimator()
        var total = 0
        var sameScore = 0
        var closeGuesses = 0
        var sameWarning = 0
        var differences: [String] = []
        for line in oracle.split(separator: UInt8(ascii: "\n")) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            let password = try #require(object["password"] as? String)
            let inputs = try #require(object["inputs"] as? [String])
            let score = try #require(object["score"] as? Int)
            let log10 = try #require(object["log10"] as? Double)
            let warning = try #require(object["warning"] as? String)
            let estimate = estimator.estimate(password, userInputs: inputs)
            total += 1
            if estimate.score == score { sameScore += 1 }
            if estimate.feedback.warning.text == warning { sameWarning += 1 }
            if abs(estimate.guessesLog10 - log10) <= 0.01 {
                closeGuesses += 1
            } else if differences.count < 20 {
                let kinds = estimate.sequence.map { "\($0.pattern.kind) \($0.start) \($0.end)" }
                differences.append(
                    "\(password.debugDescription) \(inputs): zxcvbn \(score) \(log10) \(object["sequence"] ?? ""), "
                        + "ours \(estimate.score) \(estimate.guessesLog10) \(kinds)")
            }
        }
        print(
            "strength parity: \(total) candidates, score identical \(sameScore) (\(percent(sameScore, total))), "
                + "log10 within 0.01 \(closeGuesses) (\(percent(closeGuesses, total))), "
                + "warning identical \(sameWarning) (\(percent(sameWarning, total)))")
        for difference in differences { print("strength difference: \(difference)") }
        #expect(total >= rows * 99 / 100)
        #expect(Double(sameScore) >= 0.999 * Double(total))
        #expect(Double(closeGuesses) >= 0.99 * Double(total))
    }

    private func percent(_ part: Int, _ whole: Int) -> String {
        String(format: "%.3f%%", 100 * Double(part) / Double(max(whole, 1)))
    }
}
