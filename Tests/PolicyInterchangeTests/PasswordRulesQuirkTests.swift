import Foundation
import PasswordPolicy
import Testing

@testable import PolicyInterchange

/// Apple's parser's quirks (rules.md §3.3, §5.4), reproduced.
@Suite struct PasswordRulesQuirkTests {
    private func parse(_ text: String) -> PasswordRulesDescriptor { PasswordRulesParser.parse(text).descriptor }

    private static let printableOnly = PasswordRulesDescriptor()

    @Test(arguments: [
        "required: digits; minlength: 8",  // unknown class name
        "minlength : 8",  // space before ':'
        "MinLength: 8",  // property names are case-sensitive
        "minlength: -1",
        "required: upper lower",  // two classes without a comma
        "minlength: 8; bogus: 1; maxlength: 9",  // one unknown property discards the whole string
        "required: [a]b",
        "",
        "   ",
    ])
    func textApplesParserDiscardsGivesOnlyASCIIPrintable(_ text: String) {
        #expect(parse(text) == Self.printableOnly)
    }

    @Test func whitespaceAroundValuesAndSeparatorsIsAllowed() {
        let spaced = parse(" \t minlength:\n12;\r\n required:  upper ,\u{0C}digit  ; ")
        #expect(spaced == parse("minlength: 12; required: upper, digit;"))
        #expect(spaced.minLength == 12)
    }

    @Test func aNumberNotFollowedDirectlyBySemicolonIsDropped() {
        let descriptor = parse("minlength: 8 ; maxlength: 10")
        #expect(descriptor.minLength == nil)
        #expect(descriptor.maxLength == 10)
    }

    @Test func zeroAndEmptyValuesAreDropped() {
        #expect(parse("max-consecutive: 0") == Self.printableOnly)
        #expect(parse("minlength: ; maxlength: 4").maxLength == 4)
        #expect(parse("minlength: ; maxlength: 4").minLength == nil)
    }

    @Test func theLargestMinimumAndTheSmallestMaximumsWin() {
        let descriptor = parse(
            "minlength:12; minlength: 8; maxlength: 64; maxlength: 20; max-consecutive: 3; max-consecutive: 2")
        #expect(descriptor.minLength == 12)
        #expect(descriptor.maxLength == 20)
        #expect(descriptor.maxConsecutive == 2)
    }

    @Test func conflictingLengthsImportAsTwoRulesNoPasswordSatisfies() throws {
        let (policy, warnings) = try PasswordRulesImporter.policy(from: "minlength: 20; maxlength: 10;", name: "x")
        #expect(warnings.contains { $0.contains("no password can satisfy") })
        let compiled = try CompiledPolicy(policy)
        for length in [5, 10, 15, 20, 25] {
            #expect(!compiled.evaluate(Candidate(password: String(repeating: "a", count: length))).unlocksReset)
        }
        #expect(
            PasswordRulesParser.parse(policy.passwordRules().descriptor).descriptor
                == parse("minlength: 20; maxlength: 10;"))
    }

    @Test func customClassesHaveNoRangesAndDropNonPrintableCharacters() {
        #expect(parse("required: [a-z]").required == [PasswordRulesCharacterSet(Array("az".utf8))])
        #expect(parse("required: [-a]").required == [PasswordRulesCharacterSet(Array("-a".utf8))])
        #expect(parse("required: [é€]").required.isEmpty)
        #expect(parse("required: [é€]").allowed == .asciiPrintable)
        #expect(parse("required: [ab], [cd]").required == [PasswordRulesCharacterSet(Array("abcd".utf8))])
    }

    @Test func aClosingBracketIsLiteralOnlyWhenWrittenTwiceAtTheEnd() {
        #expect(parse("required: [ab]]").required == [PasswordRulesCharacterSet(Array("ab]".utf8))])
        #expect(parse("required: []]").required == [PasswordRulesCharacterSet(Array("]".utf8))])
        #expect(parse("required: []").required.isEmpty)
        #expect(parse("required: [ab").required.isEmpty)
    }

    @Test func classNamesAreCaseInsensitiveAndRequiredIsImplicitlyAllowed() {
        let descriptor = parse("required: Upper")
        #expect(descriptor.required == [.upper])
        #expect(descriptor.allowed == .upper)
    }

    @Test func theFirstUnicodeOrASCIIPrintableInAValueListWins() {
        #expect(parse("allowed: unicode; required: digit").allowed == .unicode)
        #expect(parse("allowed: ascii-printable, unicode").allowed == .asciiPrintable)
        #expect(parse("required: [ab]; allowed: upper, lower, digit, special").allowed == .asciiPrintable)
    }

    @Test func exportWritesDashFirstAndBracketLastInACustomClass() throws {
        let set = PasswordRulesCharacterSet(Array("]a-!".utf8))
        #expect(set.descriptorValue == "[-!a]]")
        #expect(parse("required: \(set.descriptorValue)").required == [set])
    }

    @Test func appleModeCountsOnlyASCIIClassesAndSpaceIsSpecial() throws {
        let policy = try PasswordRulesImporter.policy(
            from: "required: upper; required: special; allowed: lower; minlength: 4", name: "x"
        )
        .policy
        let compiled = try CompiledPolicy(policy)
        #expect(compiled.evaluate(Candidate(password: "Ab c")).unlocksReset)  // space is special
        #expect(!compiled.evaluate(Candidate(password: "Äb!c")).unlocksReset)  // Ä is not upper, nor allowed
        #expect(!compiled.evaluate(Candidate(password: "Ab€c")).unlocksReset)  // € is not special
    }

    @Test func exportRefusesWhatPasswordRulesCannotSayAndNamesIt() throws {
        let json = """
            {"name": "corp", "rules": [{"rule": "length", "min": 12}, {"rule": "blocklist", "lists": ["builtin:common"]},
             {"rule": "context"}, {"rule": "pattern", "regex": "acme"}, {"rule": "require", "class": "digit"}]}
            """
        let export = try PasswordPolicy(json: Data(json.utf8)).passwordRules()
        #expect(export.unexpressed.map(\.rule) == ["blocklist", "context", "pattern"])
        #expect(export.descriptor == "required: digit; allowed: unicode; minlength: 12;")
    }

    @Test("a strength rule is left out of the export, with a reason")
    func exportsLeaveTheStrengthRuleOutWithAReason() throws {
        let policy = try PasswordPolicy(
            json: Data(#"{"name":"t","rules":[{"rule":"length","min":8},{"rule":"strength","min-score":3}]}"#.utf8))
        let export = policy.passwordRules()
        #expect(export.unexpressed.contains { $0.ruleID == "strength" })
    }
}
