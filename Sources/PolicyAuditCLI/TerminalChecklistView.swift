import PasswordPolicy

/// Renders the checklist presenter's states as lines of text: one mark per rule, then whether the reset unlocks.
///
/// The seed's checkmark images, for a terminal. It sees only view states, so it cannot print a password.
final class TerminalChecklistView: PasswordChecklistView {
    private let output: OutputSink
    private let useColor: Bool
    /// Every state rendered so far, newest last.
    private(set) var states: [PasswordChecklistViewState] = []

    /// A view writing to `output`, in colour when `useColor`.
    init(output: OutputSink, useColor: Bool) {
        self.output = output
        self.useColor = useColor
    }

    func render(_ state: PasswordChecklistViewState) {
        states.append(state)
        output.write(Self.text(of: state, useColor: useColor))
    }

    /// The lines for one state.
    static func text(of state: PasswordChecklistViewState, useColor: Bool) -> String {
        func paint(_ text: String, _ code: String) -> String { useColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        var text = ""
        for item in state.items {
            let mark = item.isSatisfied ? paint("✓", "32") : paint("✗", "31")
            text += "  \(mark) \(item.label)" + (item.isSatisfied ? "" : " — \(item.message)") + "\n"
        }
        text += state.resetUnlocked ? paint("  reset unlocked\n", "1;32") : paint("  reset locked\n", "1;31")
        return text
    }
}
