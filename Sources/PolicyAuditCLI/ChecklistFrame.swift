import PasswordChecklist
import PasswordPolicy
import PolicyCSV
import PolicyReports

/// The checklist as lines of a terminal: a pure function of the view state, the typed length, the width and the
/// style, so every state can be tested without a terminal.
///
/// Line 0 is the prompt with the input masked (one mask character per typed character, or only the count when that
/// does not fit); then one entry per rule — its mark, its label and, while it fails, its message — wrapped to the
/// width with a hanging indent; then, when the policy has a `strength` rule, the strength meter with zxcvbn's
/// warning and suggestions; then the reset line, which reads "reset unlocked" exactly when every rule passes.
/// No line is wider than `width` columns (at least `minimumWidth` are assumed), so the terminal never wraps one
/// itself and `FrameDiff` can count rows. Labels and messages come from the policy and are made terminal-safe.
enum ChecklistFrame {
    /// The narrowest width laid out; a narrower window gets lines of this width.
    static let minimumWidth = 8
    /// The prompt before the mask.
    static let prompt = "password: "
    /// At most this many mask characters; a longer input shows its count instead.
    static let maximumMaskLength = 40

    /// The lines for `state` after `maskedLength` typed characters, for a window `width` columns wide; with a
    /// `refusal`, the input is refused as it stands: one entry says why instead of the rules, and the reset line says
    /// it is refused.
    static func render(
        _ state: PasswordChecklistViewState, maskedLength: Int, width: Int, style: ChecklistStyle,
        refusal: RejectReason? = nil
    ) -> [String] {
        let width = max(width, minimumWidth)
        var lines = [promptLine(maskedLength: maskedLength, width: width, style: style)]
        if let refusal {
            let mark = style.usesColor ? TerminalEscape.paint(style.failMark, .red) : style.failMark
            lines += wrap(
                refusalText(refusal, style: style), width: width,
                prefixWidth: 2 + TerminalColumns.width(of: style.failMark) + 1
            ) { index in index == 0 ? "  \(mark) " : nil }
            return lines
                + resetLines(
                    "reset locked (input refused: \(refusal.rawValue))", unlocked: false, width: width, style: style)
        }
        for item in state.items {
            let mark = item.isSatisfied ? style.passMark : style.failMark
            let text = ReportText.terminalSafe(
                item.isSatisfied ? item.label : item.label + style.separator + item.message)
            let painted =
                style.usesColor
                ? TerminalEscape.paint(mark, item.isSatisfied ? .green : .red) : mark
            lines += wrap(text, width: width, prefixWidth: 2 + TerminalColumns.width(of: mark) + 1) { index in
                index == 0 ? "  \(painted) " : nil
            }
        }
        if let strength = state.strength { lines += strengthLines(strength, width: width, style: style) }
        lines += resetLines(state, width: width, style: style)
        return lines
    }

    /// The strength meter: `strength ██░░ 2 of 4 (10^7.3 guesses)`, then zxcvbn's warning and each suggestion on
    /// lines of their own, indented under it (fixed English text from the estimator, never the password).
    static func strengthLines(_ meter: StrengthMeter, width: Int, style: ChecklistStyle) -> [String] {
        let score = max(0, min(4, meter.score))
        let filled = String(repeating: style.usesUnicode ? "█" : "#", count: score)
        let empty = String(repeating: style.usesUnicode ? "░" : "-", count: 4 - score)
        let bar = style.usesUnicode ? filled + empty : "[" + filled + empty + "]"
        let painted = style.usesColor ? TerminalEscape.paint(bar, score <= 2 ? .red : .green) : bar
        let guesses = "10^\(meter.guessesLog10Tenths / 10).\(meter.guessesLog10Tenths % 10)"
        var lines = wrap(
            "\(score) of 4 (\(guesses) guesses)", width: width,
            prefixWidth: 2 + TerminalColumns.width(of: "strength " + bar) + 1
        ) { index in index == 0 ? "  strength \(painted) " : nil }
        let notes = (meter.warning == .none ? [] : ["! " + meter.warning.text]) + meter.suggestions.map { "- " + $0 }
        for note in notes {
            lines += wrap(ReportText.terminalSafe(note), width: width, prefixWidth: 6) { _ in nil }
        }
        return lines
    }

    /// `password: ••••`, or `password: (57 characters)` when the mask would not fit.
    static func promptLine(maskedLength: Int, width: Int, style: ChecklistStyle) -> String {
        let room = min(maximumMaskLength, width - TerminalColumns.width(of: prompt) - 1)
        let mask =
            maskedLength <= room
            ? String(repeating: style.maskCharacter, count: maskedLength)
            : "(\(maskedLength) characters)"
        return clipped(prompt + mask, width: width - 1)
    }

    /// Why an input is refused, as the entry that replaces the rules: `At most 1024 bytes — …`.
    static func refusalText(_ refusal: RejectReason, style: ChecklistStyle) -> String {
        switch refusal {
        case .passwordTooLong:
            "At most \(CSVRowValidator.maximumPasswordBytes) bytes\(style.separator)longer input is refused, as an "
                + "import refuses it (password-too-long); Backspace or Ctrl-U shortens it"
        default:
            "Refused, as an import refuses it (\(refusal.rawValue))"
        }
    }

    /// `reset unlocked`, or `reset locked (N of M rules failing)`, wrapped.
    private static func resetLines(_ state: PasswordChecklistViewState, width: Int, style: ChecklistStyle) -> [String] {
        let failing = state.items.filter { !$0.isSatisfied }.count
        let text =
            state.resetUnlocked
            ? "reset unlocked"
            : "reset locked (\(failing) of \(state.items.count) \(state.items.count == 1 ? "rule" : "rules") failing)"
        return resetLines(text, unlocked: state.resetUnlocked, width: width, style: style)
    }

    /// The reset line `text`, wrapped, bold green when `unlocked`, else bold red, in colour.
    private static func resetLines(_ text: String, unlocked: Bool, width: Int, style: ChecklistStyle) -> [String] {
        let wrapped = wrap(text, width: width, prefixWidth: 2) { _ in "  " }
        guard style.usesColor else { return wrapped }
        let color: TerminalEscape.Color = unlocked ? .boldGreen : .boldRed
        return wrapped.map { "  " + TerminalEscape.paint(String($0.dropFirst(2)), color) }
    }

    /// `text` in lines of at most `width` columns: each line starts with the prefix `prefix(index)` gives (nil: that
    /// many spaces), `prefixWidth` columns wide; words move to the next line whole unless longer than a line.
    static func wrap(
        _ text: String, width: Int, prefixWidth: Int, prefix: (Int) -> String?
    ) -> [String] {
        let hanging = prefixWidth < width / 2
        let room = hanging ? width - prefixWidth : width
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        if !hanging, let first = prefix(0) { lines.append(first) }  // too narrow to indent: the prefix alone
        func flush() {
            let start = hanging ? prefix(lines.count) ?? String(repeating: " ", count: prefixWidth) : ""
            lines.append(start + current)
            current = ""
            currentWidth = 0
        }
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let wordWidth = TerminalColumns.width(of: String(word))
            if currentWidth > 0, currentWidth + 1 + wordWidth > room { flush() }
            if currentWidth > 0 {
                current += " "
                currentWidth += 1
            }
            for character in word {
                let characterWidth = TerminalColumns.width(of: character)
                if currentWidth > 0, currentWidth + characterWidth > room { flush() }
                current.append(character)
                currentWidth += characterWidth
            }
        }
        if currentWidth > 0 || lines.isEmpty { flush() }
        return lines
    }

    /// `text` cut to at most `width` columns.
    private static func clipped(_ text: String, width: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = TerminalColumns.width(of: character)
            if used + characterWidth > width { break }
            result.append(character)
            used += characterWidth
        }
        return result
    }
}
