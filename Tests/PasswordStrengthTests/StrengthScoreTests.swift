import Testing

@testable import PasswordStrength

/// `StrengthEstimator.score` (what an import stores: no matches, no feedback, from a String or from UTF-8 bytes) gives
/// exactly `estimate`'s score and `log10` guesses.
struct StrengthScoreTests {
    let estimator = StrengthEstimator()

    @Test(
        arguments: [
            ("", []), ("password", []), ("P@55w0rd!", ["p4ss"]), ("j0hnsm1th1979", ["John", "john.smith@example.com"]),
            ("caf\u{e9}cafe\u{301}", ["CAFÉ"]), ("İstanbul1453", ["istanbul"]), ("٣١٢٠٢٠", []),
            ("qwertyuiop" + String(repeating: "4@8({[<3691!|70$5+7%2", count: 8), ["qwerty"]),
            (String(repeating: "abcabc", count: 40), ["cba"]), ("dr4gon\u{1F642}nogard", ["DRAGON"]),
        ] as [(String, [String])])
    func scoreIsTheEstimates(_ password: String, _ inputs: [String]) {
        let estimate = estimator.estimate(password, userInputs: inputs)
        let scored = estimator.score(password, userInputs: inputs)
        #expect(scored.score == estimate.score)
        #expect(scored.guessesLog10.bitPattern == estimate.guessesLog10.bitPattern)
        let fromBytes = Array(password.utf8).withUnsafeBytes { estimator.score(utf8: $0, userInputs: inputs) }
        #expect(fromBytes.score == estimate.score)
        #expect(fromBytes.guessesLog10.bitPattern == estimate.guessesLog10.bitPattern)
    }

    @Test func invalidUTF8IsDecodedAsStringDecodes() {
        let bytes: [UInt8] = [0x70, 0x61, 0xFF, 0x73, 0x73, 0xC3, 0x77, 0x6F, 0x72, 0x64]
        let estimate = estimator.estimate(String(decoding: bytes, as: UTF8.self))
        let scored = bytes.withUnsafeBytes { estimator.score(utf8: $0) }
        #expect(scored.score == estimate.score)
        #expect(scored.guessesLog10.bitPattern == estimate.guessesLog10.bitPattern)
    }
}
