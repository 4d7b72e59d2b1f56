import PasswordChecklist
import PasswordPolicy
import Testing

@testable import PolicyAuditCLI

/// `ChecklistFrame.render`: the checklist's lines as a pure function of the view state, the width and the style.
@Suite("Checklist frame rendering")
struct ChecklistFrameTests {
    static let unicode = ChecklistStyle(usesColor: false, usesUnicode: true)
    static let ascii = ChecklistStyle(usesColor: false, usesUnicode: false)

    static func item(_ label: String, _ passes: Bool, message: String = "Fix it.") -> ChecklistItem {
        ChecklistItem(ruleID: label, label: label, isSatisfied: passes, message: passes ? label : message)
    }

    static func state(_ items: [ChecklistItem]) -> PasswordChecklistViewState {
        PasswordChecklistViewState(items: items, resetUnlocked: items.allSatisfy(\.isSatisfied))
    }

    @Test("all failing: a cross and the message for every rule, and the reset locked")
    func allFailing() {
        let lines = ChecklistFrame.render(
            Self.state([
                Self.item("At least 8 characters", false, message: "Use 8 or more."), Self.item("A digit", false),
            ]),
            maskedLength: 0, width: 80, style: Self.unicode)
        #expect(
            lines == [
                "password: ", "  ✗ At least 8 characters — Use 8 or more.", "  ✗ A digit — Fix it.",
                "  reset locked (2 of 2 rules failing)",
            ])
    }

    @Test("some passing: ticks without messages beside crosses with them")
    func somePassing() {
        let lines = ChecklistFrame.render(
            Self.state([Self.item("At least 8 characters", true), Self.item("A digit", false)]), maskedLength: 3,
            width: 80, style: Self.unicode)
        #expect(
            lines == [
                "password: •••", "  ✓ At least 8 characters", "  ✗ A digit — Fix it.",
                "  reset locked (1 of 2 rules failing)",
            ])
    }

    @Test("all passing: the reset line says 'reset unlocked', and nothing else does")
    func allPassing() {
        let lines = ChecklistFrame.render(
            Self.state([Self.item("At least 8 characters", true), Self.item("A digit", true)]), maskedLength: 9,
            width: 80, style: Self.unicode)
        #expect(lines.last == "  reset unlocked")
        #expect(lines.filter { $0.contains("unlocked") }.count == 1)
        #expect(lines[0] == "password: •••••••••")
    }

    @Test("a long message wraps at spaces with a hanging indent, every line inside the width")
    func longMessage() {
        let message = "Choose a password that is not one of the commonly used passwords attackers try first."
        let lines = ChecklistFrame.render(
            Self.state([Self.item("Not a common password", false, message: message)]), maskedLength: 0, width: 40,
            style: Self.unicode)
        #expect(lines.allSatisfy { TerminalColumns.width(of: $0) <= 40 })
        #expect(lines[1].hasPrefix("  ✗ Not a common password"))
        let entry = lines[1..<(lines.count - 1)]
        #expect(entry.count > 2)
        #expect(entry.dropFirst().allSatisfy { $0.hasPrefix("    ") && !$0.hasPrefix("     ") })
        let words = entry.map { $0.trimmingPrefix("  ✗ ").trimmingPrefix("    ") }.joined(separator: " ")
        #expect(words == "Not a common password — " + message)
    }

    @Test("a word longer than the line is broken, never overflowing", arguments: [8, 12, 20])
    func longWord(width: Int) {
        let lines = ChecklistFrame.render(
            Self.state([Self.item(String(repeating: "x", count: 50), false, message: "Use another.")]),
            maskedLength: 30, width: width,
            style: Self.unicode)
        #expect(lines.allSatisfy { TerminalColumns.width(of: $0) <= width }, "\(lines)")
        #expect(lines.joined().filter { $0 == "x" }.count == 50)
    }

    @Test("a narrow window: the mask becomes a count, nothing is wider than the window")
    func narrowWidth() {
        let lines = ChecklistFrame.render(
            Self.state([Self.item("At least 12 characters", false), Self.item("An uppercase letter", true)]),
            maskedLength: 15, width: 16, style: Self.unicode)
        #expect(lines.allSatisfy { TerminalColumns.width(of: $0) <= 16 }, "\(lines)")
        #expect(lines[0] == "password: (15 c")
        #expect(lines.contains("  ✓ An uppercase"))
        #expect(lines.contains("    letter"))
        #expect(lines.suffix(3) == ["  reset locked", "  (1 of 2 rules", "  failing)"])
    }

    @Test("wide characters count two columns")
    func wideCharacters() {
        let lines = ChecklistFrame.render(
            Self.state([Self.item("パスワードは十二文字以上にしてください", false)]), maskedLength: 0, width: 20,
            style: Self.unicode)
        #expect(lines.allSatisfy { TerminalColumns.width(of: $0) <= 20 }, "\(lines)")
        #expect(lines[1] == "  ✗ パスワードは十二")  // 4 + 8 × 2 columns
    }

    @Test("ASCII fallback: [x], [ ], '*' and '-' only")
    func asciiFallback() {
        let lines = ChecklistFrame.render(
            Self.state([Self.item("At least 8 characters", true), Self.item("A digit", false)]), maskedLength: 4,
            width: 80, style: Self.ascii)
        #expect(
            lines == [
                "password: ****", "  [x] At least 8 characters", "  [ ] A digit - Fix it.",
                "  reset locked (1 of 2 rules failing)",
            ])
        let allASCII = lines.joined().unicodeScalars.allSatisfy { $0.isASCII }
        #expect(allASCII)
    }

    @Test("colour paints the marks and the reset line, and only with colour on")
    func colour() {
        let state = Self.state([Self.item("A digit", true)])
        let painted = ChecklistFrame.render(
            state, maskedLength: 1, width: 80, style: ChecklistStyle(usesColor: true, usesUnicode: true))
        #expect(painted[1] == "  \u{1B}[32m✓\u{1B}[0m A digit")
        #expect(painted[2] == "  \u{1B}[1;32mreset unlocked\u{1B}[0m")
        let plain = ChecklistFrame.render(state, maskedLength: 1, width: 80, style: Self.unicode)
        #expect(!plain.joined().contains("\u{1B}"))
    }

    @Test("a policy's label cannot move the cursor or colour the terminal")
    func terminalSafeLabels() {
        let lines = ChecklistFrame.render(
            Self.state([Self.item("Evil\u{1B}[2J label\nnext", false, message: "\u{1B}]0;title\u{07}")]),
            maskedLength: 0, width: 200, style: Self.unicode)
        #expect(!lines.joined().contains("\u{1B}"))
        #expect(lines.count == 3)
    }

    @Test("a long input shows its length, not a line of dots")
    func longInputMask() {
        let state = Self.state([Self.item("A digit", true)])
        #expect(ChecklistFrame.render(state, maskedLength: 40, width: 80, style: Self.unicode)[0].count == 50)
        #expect(
            ChecklistFrame.render(state, maskedLength: 41, width: 80, style: Self.unicode)[0]
                == "password: (41 characters)")
    }
}

/// Issue 23, item 3: the strength meter line and zxcvbn's warning and suggestions, between the rules and the reset
/// line.
@Suite("Checklist frame: the strength meter")
struct ChecklistFrameStrengthTests {
    static let meter = StrengthMeter(
        score: 1, guessesLog10Tenths: 47, warning: .topHundred,
        suggestions: ["Add another word or two. Uncommon words are better."])

    @Test("the meter, its warning and each suggestion come after the rules and before the reset line")
    func meterLines() {
        var state = ChecklistFrameTests.state([ChecklistFrameTests.item("Hard enough to guess", false)])
        state.strength = Self.meter
        let lines = ChecklistFrame.render(state, maskedLength: 4, width: 80, style: ChecklistFrameTests.unicode)
        #expect(
            lines == [
                "password: ••••", "  ✗ Hard enough to guess — Fix it.", "  strength █░░░ 1 of 4 (10^4.7 guesses)",
                "      ! This is a top-100 common password.",
                "      - Add another word or two. Uncommon words are better.", "  reset locked (1 of 1 rule failing)",
            ])
    }

    @Test("outside UTF-8 the bar is ASCII; a score of 4 with no feedback is one line; narrow windows wrap")
    func asciiAndNarrow() {
        var state = ChecklistFrameTests.state([ChecklistFrameTests.item("Long", true)])
        state.strength = StrengthMeter(score: 4, guessesLog10Tenths: 123, warning: .none, suggestions: [])
        let lines = ChecklistFrame.render(state, maskedLength: 0, width: 80, style: ChecklistFrameTests.ascii)
        #expect(lines[2] == "  strength [####] 4 of 4 (10^12.3 guesses)")
        #expect(lines.count == 4)
        state.strength = Self.meter
        let narrow = ChecklistFrame.render(state, maskedLength: 0, width: 24, style: ChecklistFrameTests.unicode)
        #expect(narrow.allSatisfy { TerminalColumns.width(of: $0) <= 24 }, "\(narrow)")
        #expect(narrow.contains { $0.contains("strength █░░░") })
    }
}
