/// Turns password edits into checklist view states using a compiled policy; rules come only from the policy.
public final class PasswordChecklistPresenter {
    private let policy: CompiledPolicy
    private weak var view: PasswordChecklistView?
    private let username: String?
    private let email: String?

    /// Creates a presenter; it holds `view` weakly.
    public init(policy: CompiledPolicy, view: PasswordChecklistView, username: String? = nil, email: String? = nil) {
        self.policy = policy
        self.view = view
        self.username = username
        self.email = email
    }

    /// Renders the checklist for the empty password (call once when the screen appears).
    public func start() {
        passwordDidChange(to: "")
    }

    /// Evaluates the new password and pushes exactly one state to the view.
    public func passwordDidChange(to password: String) {
        let evaluation = policy.evaluate(Candidate(password: password, username: username, email: email))
        view?.render(PasswordChecklistViewState(evaluation))
    }
}
