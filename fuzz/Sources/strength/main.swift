// libFuzzer target: the strength estimator (zxcvbn's model) on arbitrary passwords and user inputs.
//
// The input is `password [NUL username [NUL email]]` (invalid UTF-8 repaired to U+FFFD). Properties: no crash, no
// hang (libFuzzer's -timeout); the score is 0…4 and is the score of the guesses; `log10` guesses is finite and ≥ 0;
// the sequence covers the password's scalars exactly, in order, each token being the password's scalars there; every
// candidate match lies inside the password.
import Foundation
import PasswordStrength

let estimator = StrengthEstimator()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStrength(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let parts = UnsafeBufferPointer(start: data, count: size).split(
        separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
    let password = parts.first.map { String(decoding: $0, as: UTF8.self) } ?? ""
    let inputs = parts.dropFirst().map { String(decoding: $0, as: UTF8.self) }
    let estimate = estimator.estimate(password, userInputs: inputs)
    let scalars = Array(password.unicodeScalars)
    precondition((0...4).contains(estimate.score), "score out of range")
    precondition(estimate.score == StrengthEstimate.score(forGuesses: estimate.guesses), "score is not the guesses'")
    precondition(estimate.guessesLog10.isFinite && estimate.guessesLog10 >= 0, "log10 guesses not finite or negative")
    var next = 0
    for match in estimate.sequence {
        precondition(match.start == next && match.end >= match.start && match.end < scalars.count, "sequence has a gap")
        precondition(
            Array(match.token.unicodeScalars) == Array(scalars[match.start...match.end]), "token is not the password's")
        next = match.end + 1
    }
    precondition(next == scalars.count, "sequence does not cover the password")
    if scalars.count <= 72 {
        for match in estimator.matches(password, userInputs: inputs) {
            precondition(match.start >= 0 && match.end < scalars.count && match.start <= match.end, "match outside")
        }
    }
    return 0
}
