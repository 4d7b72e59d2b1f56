import Testing

@testable import PolicyAuditCLI

/// `FrameDiff.text`: the bytes that turn one frame into the next, only the lines that changed.
@Suite("Frame diff")
struct FrameDiffTests {
    static let hide = TerminalEscape.hideCursor
    static let show = TerminalEscape.showCursor
    static let erase = TerminalEscape.eraseToEndOfLine

    @Test("the first frame draws every line, then parks the cursor after the prompt")
    func firstFrame() {
        let text = FrameDiff.text(from: nil, to: ["p: ", "a", "b"], cursorColumn: 3, drawing: .ansi)
        #expect(
            text == Self.hide + "\rp: " + Self.erase + "\n\ra" + Self.erase + "\n\rb" + Self.erase
                + "\u{1B}[2A\r\u{1B}[3C" + Self.show)
    }

    @Test("an unchanged frame writes nothing")
    func unchanged() {
        #expect(FrameDiff.text(from: ["p: •", "a"], to: ["p: •", "a"], cursorColumn: 4, drawing: .ansi).isEmpty)
        #expect(FrameDiff.text(from: ["p: •", "a"], to: ["p: •", "a"], cursorColumn: 4, drawing: .plain).isEmpty)
    }

    @Test("only the changed lines are rewritten; unchanged ones are stepped over")
    func changedLinesOnly() {
        let text = FrameDiff.text(
            from: ["p: •", "  ✗ one", "  ✓ two", "  reset locked"],
            to: ["p: •", "  ✗ one", "  ✓ two", "  reset unlocked"],
            cursorColumn: 4, drawing: .ansi)
        #expect(text == Self.hide + "\n\n\n\r  reset unlocked" + Self.erase + "\u{1B}[3A\r\u{1B}[4C" + Self.show)
        #expect(!text.contains("one") && !text.contains("two"))
    }

    @Test("a shorter frame erases what is left of the longer one")
    func shorterFrame() {
        let text = FrameDiff.text(from: ["p: ", "a", "b", "c"], to: ["p: ", "a"], cursorColumn: 3, drawing: .ansi)
        #expect(text == Self.hide + "\n\n\r\u{1B}[J\u{1B}[2A\r\u{1B}[3C" + Self.show)
    }

    @Test("a longer frame adds its lines with newlines, which scroll at the bottom of the screen")
    func longerFrame() {
        let text = FrameDiff.text(from: ["p: ", "a"], to: ["p: ", "a", "b"], cursorColumn: 3, drawing: .ansi)
        #expect(text == Self.hide + "\n\n\rb" + Self.erase + "\u{1B}[2A\r\u{1B}[3C" + Self.show)
    }

    @Test("plain drawing: the prompt alone is redrawn after a carriage return, padded over a longer one")
    func plainPrompt() {
        let text = FrameDiff.text(from: ["p: ••", "a"], to: ["p: •", "a"], cursorColumn: 4, drawing: .plain)
        #expect(text == "\rp: • \rp: •")
    }

    @Test("plain drawing: a changed rule prints the rules again below, then the prompt, with no escape")
    func plainRules() {
        #expect(FrameDiff.text(from: nil, to: ["p: ", "a", "b"], cursorColumn: 3, drawing: .plain) == "a\nb\np: ")
        let text = FrameDiff.text(from: ["p: ", "a", "b"], to: ["p: •", "a", "c"], cursorColumn: 4, drawing: .plain)
        #expect(text == "\na\nc\np: •")
    }

    @Test("leaving: below every line with ANSI, one line down in plain drawing")
    func rowsToLeave() {
        #expect(FrameDiff.rowsToLeave(lineCount: 6, drawing: .ansi) == 6)
        #expect(FrameDiff.rowsToLeave(lineCount: 6, drawing: .plain) == 1)
    }
}
