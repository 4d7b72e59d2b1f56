import Foundation
import PasswordStrength
import PwauditTestSupport
import Testing

@testable import PolicyAudit

/// `StrengthInputScreen` may say "the user inputs cannot change this estimate" only when zxcvbn's estimate with the
/// inputs is exactly the one without them: checked against the estimator on every l33t, case and reversal of a typed
/// character, and on generated candidates with their own usernames and e-mails.
@Suite("Strength estimates the user inputs cannot change")
struct StrengthInputScreenTests {
    private static func screen(_ password: String, _ inputs: [String]) -> Bool {
        var password = password
        var username = inputs.first ?? ""
        var email = inputs.count > 1 ? inputs[1] : ""
        return password.withUTF8 { password in
            username.withUTF8 { username in
                email.withUTF8 { email in
                    StrengthInputScreen.inputsCannotMatch(
                        password: UnsafeRawBufferPointer(password),
                        username: username.isEmpty ? nil : UnsafeRawBufferPointer(username),
                        email: email.isEmpty ? nil : UnsafeRawBufferPointer(email))
                }
            }
        }
    }

    /// Where the screen clears a password, the estimate with the inputs equals the one without; returns whether the
    /// inputs changed the estimate (then the screen must not have cleared it).
    @discardableResult
    private static func check(_ password: String, _ inputs: [String]) -> Bool {
        let estimator = StrengthEstimator()
        let changed = estimator.estimate(password, userInputs: inputs) != estimator.estimate(password)
        if screen(password, inputs) {
            #expect(!changed, "cleared \(password.debugDescription) with \(inputs), but the inputs change its estimate")
        }
        return changed
    }

    @Test("every printable character typed in place of every letter of an input, as typed, reversed and upper-cased")
    func everySubstitution() {
        var changed = 0
        var cleared = 0
        for letter in UInt8(ascii: "a")...UInt8(ascii: "z") {
            let input = "vq" + String(UnicodeScalar(letter)) + "kjw"
            for typed in UInt8(0x20)...UInt8(0x7E) {
                let password = "vq" + String(UnicodeScalar(typed)) + "kjw"
                for variant in [password, String(password.reversed()), password.uppercased(), "9" + password + "!"] {
                    if Self.check(variant, [input]) { changed += 1 }
                    if Self.screen(variant, [input]) { cleared += 1 }
                }
            }
        }
        // The construction bites: the input changes many of these estimates (the letter itself, its upper case, the
        // l33t characters, reversed), and the screen clears most of the others.
        #expect(changed >= 26 * 4)
        #expect(cleared > 26 * 95 * 4 / 2)
    }

    @Test("inputs longer than the password, non-ASCII ones, and ones that lower-case to ASCII")
    func inputShapes() {
        #expect(Self.screen("sunshine1", ["olivia.martin@example.com"]))
        #expect(Self.screen("sunshine1", ["zoë"]))
        #expect(!Self.screen("xxann99", ["Ann"]))
        #expect(!Self.screen("xx4nn99", ["ann"]))
        #expect(!Self.screen("xxnna99", ["ann"]))
        // KELVIN SIGN lower-cases to an ASCII k.
        #expect(!Self.screen("kim2024", ["\u{212A}im"]))
        for (password, inputs) in [
            ("kim2024", ["\u{212A}im"]), ("xxann99", ["Ann"]), ("sunshine1", ["zoë"]), ("p4$$w0rd", ["password"]),
            ("drowssap", ["password"]), ("Olivia1990", ["olivia", "olivia@example.com"]),
        ] {
            Self.check(password, inputs)
        }
    }

    @Test(
        "generated candidates with their own usernames and e-mails",
        .enabled(if: SharedBench.isAvailable, "gen_corpus.py (the shared bench kit) and python3 are needed"))
    func generatedCandidates() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("screen-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = directory.appendingPathComponent("c.csv").path
        _ = try SharedBench.generate(["--rows", "4000", "--seed", "42"], output: csv)
        let rows = try Self.rows(csv)
        var cleared = 0
        var personal = 0
        for row in rows where row.password.utf8.allSatisfy({ $0 < 0x80 }) {
            if Self.screen(row.password, [row.username, row.email]) { cleared += 1 }
            if Self.check(row.password, [row.username, row.email]) { personal += 1 }
        }
        // Most candidates hold no input; the generator's personal ones (10%) do, and change their estimates.
        #expect(cleared > rows.count * 3 / 4)
        #expect(personal > rows.count / 40)
    }

    /// username, email and password of each record of a `gen_corpus.py` file (RFC 4180; a quoted field may hold a
    /// line break).
    static func rows(_ path: String) throws -> [(username: String, email: String, password: String)] {
        let records = CSVRecords.parse(try String(contentsOfFile: path, encoding: .utf8))
        return records.dropFirst().filter { $0.count == 5 }.map { ($0[1], $0[2], $0[3]) }
    }
}
