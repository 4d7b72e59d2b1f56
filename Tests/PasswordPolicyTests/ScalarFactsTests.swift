import Foundation
import PasswordPolicy
import Testing

/// ``ScalarFacts``, the table the engine folds and classifies non-ASCII scalars with, answers as the standard library
/// does: `lowercased()` and ``ScalarKind/init(_:)``, for every scalar and for strings whose scalars interact.
@Suite struct ScalarFactsTests {
    static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    @Test("every scalar of Unicode lowercases and classifies as the standard library says")
    func everyScalarMatchesTheLibrary() {
        var wrongCase: [String] = []
        var wrongKind: [String] = []
        for value in 0..<UInt32(0x110000) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar))
            if Self.scalars(ScalarFacts.lowercased(text)) != Self.scalars(text.lowercased()) {
                wrongCase.append(String(value, radix: 16))
            }
            if ScalarFacts.kind(scalar) != ScalarKind(scalar) { wrongKind.append(String(value, radix: 16)) }
        }
        #expect(wrongCase.isEmpty, "\(wrongCase.prefix(20))")
        #expect(wrongKind.isEmpty, "\(wrongKind.prefix(20))")
    }

    @Test(
        "strings lowercase as lowercased() does: final sigma, İ, titlecase digraphs, combining marks, ASCII and emoji",
        arguments: [
            "ΟΔΥΣΣΕΥΣ", "Σ", "ΑΣ.", "İstanbul", "Iİıi", "ǅemal ǄǆǇ", "A\u{301}Σ\u{301}", "ﬁ ẞ ß", "Straße",
            "ПАРОЛЬ", "Ⱥⱥ", "𐐀𐐨 Deseret", "😀Pass😀", "PASSWORD", "", "日本語ＡＢＣ",
        ])
    func stringsMatchTheLibrary(_ text: String) {
        #expect(Self.scalars(ScalarFacts.lowercased(text)) == Self.scalars(text.lowercased()))
    }

    @Test("random strings over the cased scripts lowercase as lowercased() does")
    func randomStringsMatchTheLibrary() {
        var generator = SystemRandomNumberGenerator()
        let ranges: [ClosedRange<UInt32>] = [
            0x41...0x7A, 0xC0...0x24F, 0x370...0x3FF, 0x400...0x52F, 0x1E00...0x1FFF, 0x2C00...0x2C7F,
            0x10400...0x1044F, 0x300...0x36F,
        ]
        var wrong: [[UInt32]] = []
        for _ in 0..<2_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                let range = ranges.randomElement(using: &generator)!
                if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &generator)) { text.append(scalar) }
            }
            let string = String(text)
            if Self.scalars(ScalarFacts.lowercased(string)) != Self.scalars(string.lowercased()) {
                wrong.append(Self.scalars(string))
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }
}

/// The engine's non-ASCII preparation (its own UTF-8 decoding, the quick check, ``ScalarFacts``' folding) reads a
/// password as `String`'s NFKC and `lowercased()` read it: a blocklist and a context rule give the verdicts those
/// forms give, computed here with Foundation and the standard library alone.
@Suite struct NonASCIIPreparationTests {
    static let passwords = [
        "Пароль2024", "ΚΩΔΙΚΟΣ", "İstanbul34", "Straße99", "ＰＡＳＳＷＯＲＤ", "ﬁnance1", "Cafe\u{301}Noir", "ǅemal!",
        "密码密码", "😀Smile😀", "ⱥⱥⱥ-Ⱥ", "Ωmega", "ŁÓDŹ", "naïve", "ǆungla", "𐐀𐐨𐐀",
    ]

    @Test("a blocklist of every other password, folded by Foundation and lowercased(), refuses exactly those")
    func blocklistVerdictsMatchTheLibrary() throws {
        let listed = Self.passwords.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        let words = listed.map { $0.precomposedStringWithCompatibilityMapping.lowercased() }
        let json = try JSONSerialization.data(withJSONObject: [
            "name": "fold", "rules": [["rule": "blocklist", "words": words]],
        ])
        let policy = try CompiledPolicy(PasswordPolicy(json: json))
        for password in Self.passwords {
            for typed in [password, password.uppercased(), password.lowercased()] {
                let expected = words.contains(typed.precomposedStringWithCompatibilityMapping.lowercased())
                #expect(!policy.failureMask(Candidate(password: typed)).isEmpty == expected, "\(typed)")
            }
        }
    }

    @Test("the context rule finds a non-ASCII username in a password exactly when the library's forms contain it")
    func contextVerdictsMatchTheLibrary() throws {
        let json = Data(#"{"name":"ctx","rules":[{"rule":"context","fields":["username"],"min-token":3}]}"#.utf8)
        let policy = try CompiledPolicy(PasswordPolicy(json: json))
        func folded(_ text: String) -> String { text.precomposedStringWithCompatibilityMapping.lowercased() }
        for password in Self.passwords {
            for username in ["ПАРОЛЬ", "straße", "İSTANBUL", "ωmega", "ǅEMAL", "łódź", "ⱥⱥⱥ", "𐐨𐐀", "密码", "𐐨𐐀𐐨", "密码密"]
            {
                let haystack = Array(folded(password).unicodeScalars)
                let needle = Array(folded(username).unicodeScalars)
                let contains = { (value: [Unicode.Scalar]) in
                    value.count <= haystack.count
                        && (0...(haystack.count - value.count)).contains {
                            Array(haystack[$0..<($0 + value.count)]) == value
                        }
                }
                // A value shorter than the minimum token is never looked for.
                let expected = needle.count >= 3 && (contains(needle) || contains(needle.reversed()))
                let failed = !policy.failureMask(Candidate(password: password, username: username)).isEmpty
                #expect(failed == expected, "\(password) / \(username)")
            }
        }
    }
}
