import PasswordChecklist
import PasswordPolicy
import PolicyCSV

/// The seed's screen on a terminal: draws each state the presenter pushes as a `ChecklistFrame`, writing only what
/// changed (`FrameDiff`) in one write per frame.
///
/// It sees only view states, the typed length and a refusal (set by the caller before each edit), so it cannot print
/// a password.
package final class TerminalChecklistView: PasswordChecklistView {
    private let output: OutputSink
    private let drawing: FrameDiff.Drawing
    /// Marks, mask and colour.
    let style: ChecklistStyle
    /// The window's width in columns.
    private(set) var width: Int
    /// How many characters are typed: the mask's length in the next frame.
    var maskedLength = 0
    /// Why the input is refused (set by the caller with `maskedLength`): the next frame shows that instead of the
    /// rules.
    var refusal: RejectReason?
    /// The state rendered last.
    package private(set) var state: PasswordChecklistViewState?
    /// The frame on screen, nil before the first one (or after `forgetScreen()`).
    private(set) var shown: [String]?
    /// Called after each frame is written, with the rows from the cursor to the line below the frame.
    var frameDidChange: (Int) -> Void = { _ in }

    /// A view drawing on `output`, `width` columns wide.
    package init(output: OutputSink, drawing: FrameDiff.Drawing, style: ChecklistStyle, width: Int) {
        self.output = output
        self.drawing = drawing
        self.style = style
        self.width = width
    }

    package func render(_ state: PasswordChecklistViewState) {
        self.state = state
        draw()
    }

    /// Re-lays the frame out for a window now `width` columns wide: erases the old frame (the cursor is on its first
    /// line, so whatever the terminal re-wrapped is below it) and draws it again, in one write.
    func resize(to width: Int) {
        guard width != self.width else { return }
        self.width = width
        guard shown != nil else { return }
        shown = nil
        draw(prefix: drawing == .ansi ? "\r" + TerminalEscape.eraseToEndOfScreen : "\n")
    }

    /// Forgets the frame on screen (the terminal was given away and the cursor left below it): the next frame is
    /// drawn whole, from the cursor.
    func forgetScreen() {
        shown = nil
    }

    /// Draws the current state again: whole after `forgetScreen()`, else what changed (the mask, the refusal).
    func redraw() { draw() }

    /// The rows from the cursor to the line below the frame.
    var rowsToLeave: Int { shown.map { FrameDiff.rowsToLeave(lineCount: $0.count, drawing: drawing) } ?? 0 }

    private func draw(prefix: String = "") {
        guard let state else { return }
        let frame = ChecklistFrame.render(
            state, maskedLength: maskedLength, width: width, style: style, refusal: refusal)
        let text = FrameDiff.text(
            from: shown, to: frame, cursorColumn: TerminalColumns.width(of: frame[0]), drawing: drawing)
        shown = frame
        guard !text.isEmpty || !prefix.isEmpty else { return }
        output.write(prefix + text)
        output.flush()
        frameDidChange(rowsToLeave)
    }
}
