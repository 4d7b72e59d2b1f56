import Foundation
import PasswordPolicy
import PwauditTestSupport
import Testing

/// The normalizer's quick check (``NFKCQuickCheck``) returns exactly what Foundation's NFKC and NFC return: its table
/// is Foundation's own verdict scalar by scalar, strings it passes are their own normal forms, and over the bench
/// corpus every password and username normalizes as Foundation normalizes it.
@Suite struct NFKCQuickCheckTests {
    static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    @Test("the stable-scalar table is what Foundation's normalization says, for every scalar from U+0080 to U+1FFFF")
    func tableMatchesFoundation() {
        var seconds = Set<UInt32>()
        for value in 0..<UInt32(0x20000) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let decomposed = String(Character(scalar)).decomposedStringWithCanonicalMapping
            let parts = Self.scalars(decomposed)
            if parts.count >= 2, Self.scalars(decomposed.precomposedStringWithCanonicalMapping) == [value] {
                seconds.insert(parts[parts.count - 1])
            }
        }
        #expect(!seconds.contains { $0 < 0x80 }, "no ASCII scalar is the second of a composition")
        var wrong: [String] = []
        for value in UInt32(0x80)..<0x20000 {
            var stable = false
            if let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned,
                scalar.properties.canonicalCombiningClass == .notReordered, !seconds.contains(value)
            {
                let text = String(Character(scalar))
                stable =
                    Self.scalars(text.precomposedStringWithCompatibilityMapping) == [value]
                    && Self.scalars(text.precomposedStringWithCanonicalMapping) == [value]
            }
            if stable != NFKCQuickCheck.isStable(value) { wrong.append(String(value, radix: 16)) }
        }
        #expect(wrong.isEmpty, "rerun scripts/embed-nfkc-stable.sh: \(wrong.prefix(20))")
        #expect(!NFKCQuickCheck.isStable(0x20000) && !NFKCQuickCheck.isStable(0x10FFFF))
    }

    @Test(
        "strings the quick check passes are their own NFKC and NFC",
        arguments: [
            "café", "Größe2024!", "пароль", "密码123", "パスワード", "비밀번호", "😀🔑", "👍🏽", "👨‍👩‍👧", "🇺🇸", "❤️x", "שלום", "كلمةالسر",
        ])
    func passes(_ text: String) {
        #expect(NFKCQuickCheck.leavesUnchanged(text))
        #expect(Self.scalars(text.precomposedStringWithCompatibilityMapping) == Self.scalars(text))
        #expect(Self.scalars(text.precomposedStringWithCanonicalMapping) == Self.scalars(text))
    }

    @Test(
        "strings normalization changes, or may change, take the full normalization",
        arguments: [
            "Cafe\u{301}", "\u{FB01}x", "abc\u{FF11}", "\u{1112}\u{1161}", "\u{D55C}\u{11AB}", "\u{212B}",
            "x\u{0BC6}\u{0BBE}",
            "\u{2460}", "\u{00B2}", "\u{1D400}", "\u{2F800}", "a\u{0308}",
        ])
    func refuses(_ text: String) {
        #expect(!NFKCQuickCheck.leavesUnchanged(text))
        #expect(
            Self.scalars(normalized(text, .nfkc)) == Self.scalars(text.precomposedStringWithCompatibilityMapping))
        #expect(Self.scalars(normalized(text, .nfc)) == Self.scalars(text.precomposedStringWithCanonicalMapping))
    }

    @Test("a lone mark after ASCII composes without Foundation exactly as Foundation composes it (rerun the script)")
    func markCompositionsMatchFoundation() {
        var (answered, wrong) = (0, [String]())
        for mark in UInt32(0x300)..<0x370 {
            let scalar = Unicode.Scalar(mark)!
            for base in UInt32(0x21)...0x7E {
                let pair = "\(Unicode.Scalar(base)!)\(scalar)"
                // Beside ASCII, a stable scalar and a fullwidth form; and before a second mark, which is Foundation's.
                for text in [pair, "x\(pair)\u{5BC6}", "\(pair)\u{FF11}\(pair)", "\(pair)\u{301}", "\(scalar)\(pair)"] {
                    for form in [Normalization.nfkc, .nfc] {
                        guard let quick = NFKCQuickCheck.quickNormalized(Array(text.unicodeScalars), form) else {
                            continue
                        }
                        answered += 1
                        let foundation =
                            form == .nfkc
                            ? text.precomposedStringWithCompatibilityMapping
                            : text.precomposedStringWithCanonicalMapping
                        if quick.map(\.value) != Self.scalars(foundation) {
                            wrong.append(Self.scalars(text).description)
                        }
                    }
                }
            }
            let alone = String(Character(scalar))
            let normalizesToItself = Self.scalars(alone.precomposedStringWithCompatibilityMapping) == [mark]
            #expect(
                (NFKCQuickCheck.quickNormalized(["a", scalar], .nfkc) != nil) == normalizesToItself,
                "U+\(String(mark, radix: 16)) takes the quick path exactly when it normalizes to itself")
        }
        #expect(wrong.isEmpty, "rerun scripts/embed-mark-compositions.sh: \(wrong.prefix(5))")
        #expect(answered > 30_000, "most of the cases are answered without Foundation")
        #expect(NFKCQuickCheck.quickNormalized(["\u{301}", "a"], .nfc) == nil, "a mark with no ASCII base before it")
        #expect(NFKCQuickCheck.quickNormalized(["a", "\u{301}", "\u{300}"], .nfc) == nil, "two marks reorder")
    }

    @Test(
        "over the bench corpus, every password and username normalizes (NFKC, NFC) as Foundation normalizes it",
        .enabled(if: SharedBench.isAvailable, "needs the shared bench kit and python3"))
    func corpusDifferential() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nfkc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = directory.appendingPathComponent("corpus.csv").path
        _ = try SharedBench.generate(["--rows", "200000", "--seed", "42"], output: csv)
        let text = try String(contentsOfFile: csv, encoding: .utf8)
        var checked = 0
        var quick = 0
        var wrong = 0
        for record in CSVRecords.parse(text).dropFirst() where record.count == 5 {
            for field in [record[1], record[3]] where !field.utf8.allSatisfy({ $0 < 0x80 }) {
                checked += 1
                if NFKCQuickCheck.leavesUnchanged(field) { quick += 1 }
                if Self.scalars(normalized(field, .nfkc))
                    != Self.scalars(field.precomposedStringWithCompatibilityMapping)
                    || Self.scalars(normalized(field, .nfc))
                        != Self.scalars(field.precomposedStringWithCanonicalMapping)
                {
                    wrong += 1
                }
            }
        }
        #expect(checked > 5_000, "the corpus has non-ASCII passwords and usernames")
        #expect(quick > checked / 2, "most of them take the quick path")
        #expect(quick < checked, "some take the full normalization")
        #expect(wrong == 0)
    }
}
