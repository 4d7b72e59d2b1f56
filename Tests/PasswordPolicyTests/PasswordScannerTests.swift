import Testing

@testable import PasswordPolicy

/// The general path's scan without sequence tracking (a policy with no `max-sequence` rule) counts classes and the
/// longest repeat as the tracking scan does, and leaves `longestSequence` at 0, as the ASCII path does.
@Suite struct PasswordScannerTests {
    @Test(
        "the scan without sequences agrees with the tracking scan on counts and repeats",
        arguments: [
            "", "a", "ééé", "aaé", "ééa", "пароль111", "密密密码", "abc😀😀😀😀x", "Ａ１ａ１", "e\u{301}e\u{301}", "1234abcd",
            "qwerty", "zz\u{200D}\u{200D}\u{200D}",
        ])
    func agreesWithTheTrackingScan(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        let tracked = PasswordScanner.scan(scalars, tracksSequences: true)
        let repeatsOnly = PasswordScanner.scan(scalars, tracksSequences: false)
        var expected = tracked
        expected.longestSequence = 0
        #expect(repeatsOnly == expected)
        #expect(repeatsOnly.length == scalars.count)
    }
}
