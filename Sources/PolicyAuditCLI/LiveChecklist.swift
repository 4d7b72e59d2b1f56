import PasswordPolicy

/// The live checklist without the terminal: keystroke bytes in, frames out through the presenter and the view.
///
/// Per read it decodes the keys, applies the edits to the input, and — once, if anything changed — tells the
/// presenter, which evaluates the compiled policy and pushes one state to the view, which writes the changed lines.
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

    /// The candidate as typed so far; the caller drops it as soon as it has recorded it.
    var candidate: String { input.text }

    /// The latest view state (nil before `start()`).
    package var state: PasswordChecklistViewState? { view.state }

    /// Handles the bytes of one read: edits, then at most one evaluation and one frame.
    package func handle(_ bytes: some Sequence<UInt8>) -> Step {
        var changed = false
        var step = Step.proceed
        events: for event in decoder.feed(bytes) {
            switch event {
            case .insert(let scalar): changed = input.insert(scalar) || changed
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
            presenter.passwordDidChange(to: input.text)
        }
        return step
    }
}
