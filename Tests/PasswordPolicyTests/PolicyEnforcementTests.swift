import Foundation
import Testing

@testable import PasswordPolicy

/// `PolicyEnforcement` describes what the evaluator does, from the evaluator's own tables.
@Suite("What a policy enforces")
struct PolicyEnforcementTests {
    @Test("pwquality's per-byte class test is the one its scan counts with, for every byte and class")
    func pwqualityByteClasses() {
        for byte in 0...255 {
            [UInt8(byte)].withUnsafeBufferPointer { bytes in
                let scan = PwqualityScan(bytes)
                for cls in CharacterClass.allCases {
                    let counted = PwqualityBytes.counts(UInt8(byte), toward: cls) ? 1 : 0
                    #expect(scan.count(cls) == counted, "\(byte) \(cls)")
                }
            }
        }
    }

    /// One scalar of each kind, ASCII where the kind has ASCII members and beyond.
    static let samples: [Unicode.Scalar] = [
        "A", "\u{C9}", "z", "\u{E9}", "\u{4E2D}", "7", "\u{663}", "!", "\u{A1}", "😀", " ", "\u{3000}", "\u{301}",
        "\u{7F}", "\u{80}",
    ]

    @Test(
        "a scalar the engine counts towards a class is of a kind the class's counted kinds hold, in every mode",
        arguments: EvaluationMode.allCases)
    func countedKindsCoverTheEngine(mode: EvaluationMode) throws {
        for cls in CharacterClass.allCases {
            let kinds = cls.countedKinds(in: mode)
            let policy = try compile(
                #"{"name":"t","normalization":"none","evaluation":"\#(mode.rawValue)","#
                    + #""rules":[{"rule":"require","class":"\#(cls.rawValue)"}]}"#)
            for scalar in Self.samples where policy.evaluate(Candidate(password: "\(scalar)")).unlocksReset {
                #expect(
                    kinds.contains(ScalarKind(scalar)), "\(mode) \(cls) counts U+\(String(scalar.value, radix: 16))")
            }
        }
        #expect(CharacterClass.letter.countedKinds(in: mode).isSubset(of: [.upper, .lower, .otherLetter]))
    }

    @Test("pwquality counts every byte of a letter such as é as special; Apple's special holds the space")
    func classReadings() {
        #expect(CharacterClass.special.countedKinds(in: .pwquality) == Set(ScalarKind.allCases))
        #expect(CharacterClass.special.countedKinds(in: .apple) == [.special, .space])
        #expect(CharacterClass.special.countedKinds(in: .unicode) == [.special])
        #expect(CharacterClass.digit.countedKinds(in: .pwquality) == [.digit])
    }

    @Test("the length a policy enforces, in code points, under each mode")
    func lengths() throws {
        func enforced(_ mode: EvaluationMode, _ rules: String, normalization: String = "nfkc") throws
            -> PolicyEnforcement
        {
            try compile(
                #"{"name":"t","normalization":"\#(normalization)","evaluation":"\#(mode.rawValue)","rules":[\#(rules)]}"#
            ).enforcement
        }
        let length15 = #"{"rule":"length","min":15,"max":64}"#
        let unicode = try enforced(.unicode, length15)
        #expect(unicode.lengthUnit == .codePoints && unicode.countsCodePoints)
        #expect(unicode.minimumCodePoints == 15 && unicode.permittedCodePoints == 64)
        let bytes = try enforced(.pwquality, length15)
        #expect(bytes.lengthUnit == .utf8Bytes && !bytes.countsCodePoints && bytes.widestCodePoint == 4)
        #expect(bytes.minimumCodePoints == 4 && bytes.permittedCodePoints == 16 && bytes.refusedAboveCodePoints == 64)
        #expect(bytes.normalization == .none)
        let ascii = #",{"rule":"allowed","classes":[],"chars":"abc"}"#
        let narrow = try enforced(.pwquality, length15 + ascii, normalization: "none")
        #expect(narrow.widestCodePoint == 1 && narrow.countsCodePoints && narrow.minimumCodePoints == 15)
        // Under NFKC a four-byte 𝐀 normalizes to an allowed A: the allowed rule narrows nothing.
        #expect(try enforced(.pwquality, length15 + ascii).widestCodePoint == 4)
        let credited = #"{"rule":"length","min":12,"credits":{"digit":1,"special":2}}"#
        #expect(try enforced(.apple, credited).minimumCodePoints == 9)
        #expect(try enforced(.pwquality, credited).minimumCodePoints == 3)
        #expect(try enforced(.pwquality, #"{"rule":"max-class-repeat","max":1}"#).compositionRuleIDs.isEmpty)
        #expect(try enforced(.unicode, #"{"rule":"max-class-repeat","max":1}"#).compositionRuleIDs.count == 1)
    }
}
