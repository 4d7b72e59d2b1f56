import PasswordPolicy
import PasswordStrength

/// Turns password edits into checklist view states using a compiled policy; rules come only from the policy.
///
/// When the policy has a `strength` rule, each state also carries zxcvbn's score, warning and suggestions for the
/// password (``PasswordChecklistViewState/strength``), estimated with the user inputs the rule uses.
public final class PasswordChecklistPresenter {
    private let policy: CompiledPolicy
    private let estimator: StrengthEstimator?
    private weak var view: PasswordChecklistView?
    private let username: String?
    private let email: String?

    /// Creates a presenter; it holds `view` weakly.
    public init(policy: CompiledPolicy, view: PasswordChecklistView, username: String? = nil, email: String? = nil) {
        self.policy = policy
        self.view = view
        self.username = username
        self.email = email
        self.estimator = policy.hasStrengthRule ? StrengthEstimator() : nil
    }

    /// Renders the checklist for the empty password (call once when the screen appears).
    public func start() {
        passwordDidChange(to: "")
    }

    /// Evaluates the new password and pushes exactly one state to the view.
    public func passwordDidChange(to password: String) {
        let candidate = Candidate(password: password, username: username, email: email)
        let evaluation = policy.evaluate(candidate)
        var state = PasswordChecklistViewState(evaluation)
        if let estimator {
            // The strength rule's own estimate (same user inputs) feeds the meter: one estimate per keystroke.
            state.strength = StrengthMeter(
                evaluation.strength ?? policy.strengthEstimate(of: candidate, estimator: estimator))
        }
        view?.render(state)
    }
}
