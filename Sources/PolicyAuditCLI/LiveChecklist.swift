import PasswordChecklist
import PasswordPolicy
import PolicyCSV

/// The live checklist without the terminal: keystroke bytes in, frames out through the presenter and the view.
///
/// Per read it decodes the keys, applies the edits to the input, and — once, if anything changed — tells the
/// presenter, which evaluates the compiled policy and pushes one state to the view, which writes the changed lines;
/// an input over the import's limit is not evaluated: the view shows it refused.
/// No policy is compiled and nothing is loaded per keystroke.
package final class LiveChecklist {
    /// What the reading loop does after a read.
    package enum Step: Equatable {
        /// Keep reading.
        case proceed
        /// Enter or Ctrl-D: the input is the candidate.
        case submit
        /// Ctrl-C.
        case interrupt
        /// Ctrl-Z.
        case suspend
    }

    /// The terminal view the presenter renders to.
    let view: TerminalChecklistView
    private let presenter: PasswordChecklistPresenter
    private var decoder = KeyDecoder()
    private var input = PasswordInput()

    /// A checklist of `policy` drawn by `view`, with the account facts the `context` rule compares with.
    package init(policy: CompiledPolicy, view: TerminalChecklistView, username: String?, email: String?) {
        self.view = view
        presenter = PasswordChecklistPresenter(policy: policy, view: view, username: username, email: email)
    }

    /// Draws the checklist for the empty input.
    package func start() {
        view.maskedLength = 0
        presenter.start()
    }

    /// The candidate as typed so far; the caller drops it as soon as it has recorded it. While `refusal` is set it is
    /// only the input's first bytes: never to be judged.
    var candidate: String { input.text }

    /// Why the input is refused as it stands, as line mode would refuse the same line: `password-too-long` past
    /// the 1 KiB an import accepts; nil while it is a candidate to judge.
    var refusal: RejectReason? { input.isOverLong ? .passwordTooLong : nil }

    /// The latest view state (nil before `start()`).
    package var state: PasswordChecklistViewState? { view.state }

    /// Handles the bytes of one read: edits, then at most one evaluation and one frame.
    package func handle(_ bytes: some Sequence<UInt8>) -> Step {
        var changed = false
        var step = Step.proceed
        events: for event in decoder.feed(bytes) {
            switch event {
            case .insert(let scalar):
                input.insert(scalar)
                changed = true
            case .deleteBackward: changed = input.deleteBackward() || changed
            case .deleteAll: changed = input.deleteAll() || changed
            case .submit, .endOfInput:
                step = .submit
                break events
            case .interrupt:
                step = .interrupt
                break events
            case .suspend:
                step = .suspend
                break events
            }
        }
        if changed {
            view.maskedLength = input.length
            view.refusal = refusal
            // A refused input is not evaluated: its kept bytes are not what was typed.
            if refusal == nil { presenter.passwordDidChange(to: input.text) } else { view.redraw() }
        }
        return step
    }
}
