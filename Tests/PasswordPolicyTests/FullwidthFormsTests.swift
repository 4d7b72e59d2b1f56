import Foundation
import PasswordPolicy
import Testing

/// Under NFKC the fullwidth forms U+FF01…U+FF5E are their ASCII, answered without Foundation: the normalizer returns
/// what Foundation returns, and the engine judges a password typed in them as it judges the same password in ASCII,
/// through the byte API (its ASCII path over the mapped bytes) and `evaluate(_:)`.
@Suite struct FullwidthFormsTests {
    static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    @Test("every fullwidth form, alone and beside ASCII and stable scalars, normalizes as Foundation's NFKC")
    func normalizerMatchesFoundation() {
        var wrong: [String] = []
        for value in UInt32(0xFF01)...0xFF5E {
            let form = String(Character(Unicode.Scalar(value)!))
            for text in [form, "a\(form)1", "密\(form)é", "\(form)\(form)x"]
            where Self.scalars(normalized(text, .nfkc)) != Self.scalars(text.precomposedStringWithCompatibilityMapping)
            {
                wrong.append(String(value, radix: 16))
            }
            #expect(normalized(form, .nfc) == form, "NFC keeps compatibility forms")
        }
        #expect(wrong.isEmpty)
        #expect(NFKCQuickCheck.fullwidthASCII(0xFF00) == nil && NFKCQuickCheck.fullwidthASCII(0xFF5F) == nil)
        // A mark after a fullwidth letter composes with its ASCII (Ａ + U+0301 is Á): that takes Foundation's path.
        #expect(NFKCQuickCheck.quickNormalized(Array("\u{FF21}\u{301}".unicodeScalars), .nfkc) == nil)
        #expect(Self.scalars(normalized("\u{FF21}\u{301}", .nfkc)) == [0xC1])
    }

    static let policy = try! CompiledPolicy(
        PasswordPolicy(
            json: Data(
                """
                {"name":"fullwidth","rules":[
                  {"rule":"length","min":8,"max":64},{"rule":"require","class":"upper"},
                  {"rule":"require","class":"digit"},{"rule":"require","class":"special"},
                  {"rule":"max-repeat","max":2},{"rule":"max-sequence","max":3},
                  {"rule":"blocklist","lists":["builtin:common"]},
                  {"rule":"context","fields":["username"],"min-token":4}
                ]}
                """.utf8)))

    static func mask(_ password: String, username: String) -> UInt64 {
        let set = CompiledPolicySet([policy])
        var mask: UInt64 = 0
        let (passwordBytes, usernameBytes) = (Array(password.utf8), Array(username.utf8))
        passwordBytes.withUnsafeBufferPointer { password in
            usernameBytes.withUnsafeBufferPointer { username in
                withUnsafeMutablePointer(to: &mask) {
                    set.failureMasks(
                        password: password, username: username, email: nil,
                        into: UnsafeMutableBufferPointer(start: $0, count: 1))
                }
            }
        }
        return mask
    }

    @Test(
        "a fullwidth password gets the verdicts of its ASCII, rule by rule",
        arguments: [
            ("\u{FF30}\u{FF41}\u{FF53}\u{FF53}\u{FF57}\u{FF4F}\u{FF52}\u{FF44}", "Password"),  // Ｐａｓｓｗｏｒｄ
            ("Hunter\u{FF11}\u{FF12}\u{FF13}\u{FF01}", "Hunter123!"),
            ("\u{FF4A}smith\u{FF10}\u{FF10}\u{FF10}\u{FF10}", "jsmith0000"),
            ("Pass\u{5BC6}\u{FF11}\u{FF01}xyzzy", "Pass\u{5BC6}1!xyzzy"),  // beside a stable scalar: the general path
        ])
    func verdictsOfTheASCII(_ typed: String, _ ascii: String) {
        for username in ["jsmith", "xyzzy.user", "nobody"] {
            let fullwidth = Self.policy.evaluate(Candidate(password: typed, username: username))
            let plain = Self.policy.evaluate(Candidate(password: ascii, username: username))
            #expect(fullwidth.outcomes == plain.outcomes, "\(ascii) as \(username)")
            #expect(Self.mask(typed, username: username) == Self.mask(ascii, username: username))
            var bits: UInt64 = 0
            for (bit, outcome) in plain.outcomes.enumerated() where !outcome.passed { bits |= 1 << UInt64(bit) }
            #expect(Self.mask(typed, username: username) == bits)
        }
    }
}
