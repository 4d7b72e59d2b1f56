import Testing

@testable import PasswordPolicy

@Suite("Unicode handling")
struct UnicodeTests {
    @Test(
        "length counts scalars after the policy's normalization",
        arguments: [
            ("nfkc", "e\u{301}", 1), ("nfc", "e\u{301}", 1), ("none", "e\u{301}", 2),
            ("nfkc", "ﬁ", 2), ("nfc", "ﬁ", 1), ("nfkc", "１２３", 3), ("nfkc", "👨‍👩‍👧", 5), ("nfkc", "密码", 2),
            ("nfkc", "שלום", 4), ("nfkc", "مرحبا", 5),
        ])
    func lengthInScalars(normalization: String, password: String, scalars: Int) throws {
        let policy = try compile(rule: #"{"rule":"length","min":1}"#, normalization: normalization)
        #expect(policy.evaluate(Candidate(password: password)).outcomes[0].actual["length"] == scalars)
    }

    @Test(
        "features classify scalars by general category",
        arguments: [
            ("Ä", "upper"), ("ǅ", "upper"), ("ß", "lower"), ("密", "other-letter"), ("١", "digit"), ("€", "special"),
            ("😀", "special"), ("\u{3000}", "space"), ("\u{301}", "mark"), ("\u{0}", "other"), ("\n", "other"),
            ("\u{200B}", "other"), ("\u{E000}", "other"), ("\u{0378}", "other"),
        ])
    func classification(character: String, composition: String) {
        #expect(PasswordFeatures(password: character, normalization: .none).composition == composition)
    }

    @Test("NFKC folds fullwidth digits into digits that satisfy require digit")
    func fullwidthDigits() throws {
        let policy = try compile(rule: #"{"rule":"require","class":"digit"}"#)
        #expect(code(policy, "abc１") == "require.ok")
        let none = try compile(rule: #"{"rule":"require","class":"digit"}"#, normalization: "none")
        #expect(code(none, "abc１") == "require.ok")  // fullwidth 1 is Nd either way
        #expect(PasswordFeatures(password: "ａｂ１").composition == "lower+digit")
    }

    @Test("features count classes and name the composition")
    func features() {
        let features = PasswordFeatures(password: "Pa55 wörd!密")
        #expect(features.length == 11)
        #expect(features.upper == 1)
        #expect(features.lower == 5)
        #expect(features.digit == 2)
        #expect(features.space == 1)
        #expect(features.special == 1)
        #expect(features.otherLetter == 1)
        #expect(features.composition == "upper+lower+other-letter+digit+special+space")
        #expect(PasswordFeatures(password: "").composition == "empty")
    }

    @Test("the normalizer leaves ASCII alone and applies NFKC / NFC otherwise")
    func normalizer() {
        #expect(normalized("abc", .nfkc) == "abc")
        #expect(normalized("ﬁ１", .nfkc) == "fi1")
        #expect(normalized("e\u{301}", .nfc).unicodeScalars.count == 1)
        #expect(normalized("e\u{301}", .none).unicodeScalars.count == 2)
    }

    @Test("Cyrillic and Greek uppercase satisfy require upper")
    func nonLatinUpper() throws {
        let policy = try compile(rule: #"{"rule":"require","class":"upper"}"#)
        #expect(code(policy, "пароль") == "require.missing-upper")
        #expect(code(policy, "Пароль") == "require.ok")
        #expect(code(policy, "Äpfel") == "require.ok")
    }
}
