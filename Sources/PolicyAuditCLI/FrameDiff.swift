/// What to write to a terminal to turn the frame on screen into the next one: only the lines that changed, in one
/// string, so each keystroke costs one `write(2)` and nothing flickers.
///
/// A pure function of the two frames; `TerminalChecklistView` writes the result.
package enum FrameDiff {
    /// How the terminal can be driven.
    package enum Drawing: Equatable, Sendable {
        /// ANSI cursor movement: changed lines are rewritten in place; the cursor waits at the end of line 0.
        case ansi
        /// No cursor movement (`TERM=dumb`): the rules and the reset line are printed again, below, when one of them
        /// changes; the prompt line, always last, is rewritten after a carriage return.
        case plain
    }

    /// The text that turns `old` (nil: nothing drawn yet, the cursor at the start of an empty line) into `new`,
    /// or the empty string when they are the same.
    ///
    /// With `.ansi` the cursor is at the start of `old`'s line 0 before, and after the prompt (`cursorColumn`) on
    /// line 0 after; lines are rewritten with the cursor hidden. With `.plain` the lines are `new[1...]` then `new[0]`
    /// and the cursor stays after the prompt on the last line.
    static func text(from old: [String]?, to new: [String], cursorColumn: Int, drawing: Drawing) -> String {
        guard old != new else { return "" }
        switch drawing {
        case .ansi: return ansi(from: old ?? [], to: new, cursorColumn: cursorColumn)
        case .plain: return plain(from: old, to: new)
        }
    }

    /// Rows the cursor must go down, from where a frame of `lineCount` lines leaves it, to the line below the frame.
    static func rowsToLeave(lineCount: Int, drawing: Drawing) -> Int {
        switch drawing {
        case .ansi: lineCount
        case .plain: 1
        }
    }

    private static func ansi(from old: [String], to new: [String], cursorColumn: Int) -> String {
        var text = TerminalEscape.hideCursor
        var row = 0
        func move(to target: Int) {
            // Down by newlines: they add rows at the bottom of the screen where cursor-down would stop.
            text += target > row ? String(repeating: "\n", count: target - row) : TerminalEscape.cursorUp(row - target)
            row = target
        }
        for index in new.indices where index >= old.count || old[index] != new[index] {
            move(to: index)
            text += "\r" + new[index] + TerminalEscape.eraseToEndOfLine
        }
        if old.count > new.count {
            move(to: new.count)
            text += "\r" + TerminalEscape.eraseToEndOfScreen
        }
        move(to: 0)
        text += "\r" + TerminalEscape.cursorForward(cursorColumn) + TerminalEscape.showCursor
        return text
    }

    private static func plain(from old: [String]?, to new: [String]) -> String {
        let prompt = new.first ?? ""
        if let old, old.dropFirst() == new.dropFirst() {
            let previous = old.first ?? ""
            let blank = max(0, TerminalColumns.width(of: previous) - TerminalColumns.width(of: prompt))
            return "\r" + prompt + String(repeating: " ", count: blank) + "\r" + prompt
        }
        return (old == nil ? "" : "\n") + new.dropFirst().map { $0 + "\n" }.joined() + prompt
    }
}
