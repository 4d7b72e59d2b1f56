import PasswordChecklist
import PasswordStrength
import Testing

@testable import PasswordPolicy

/// Issue 23, item 3: with a `strength` rule, each state the presenter pushes carries zxcvbn's score, warning and
/// suggestions for the password, estimated with the rule's user inputs; without one, no meter.
@Suite("Checklist presenter: the strength meter")
struct PresenterStrengthTests {
    private let json = #"""
        {"name":"s","rules":[{"rule":"length","min":8},{"rule":"strength","min-score":3},
         {"rule":"banned-terms","organization":"Zorblatt","terms":["quuxbar"],"min-score":1}]}
        """#

    @Test("each state's meter is the estimate with username, e-mail and the organization as user inputs")
    func meterPerState() throws {
        let view = RecordingChecklistView()
        let policy = try compile(json)
        let presenter = PasswordChecklistPresenter(policy: policy, view: view, username: "qlarkson", email: "q@x.org")
        presenter.start()
        let typed = ["p", "password", "qlarkson1", "zorblatt99", "Correct-Horse-Battery-9"]
        for password in typed { presenter.passwordDidChange(to: password) }
        #expect(view.states.count == typed.count + 1)
        let estimator = StrengthEstimator()
        for (state, password) in zip(view.states, [""] + typed) {
            let estimate = estimator.estimate(password, userInputs: ["qlarkson", "q@x.org", "Zorblatt"])
            #expect(state.strength == StrengthMeter(estimate), "\(password)")
        }
        #expect(view.states[2].strength?.warning == .topTen)
        #expect(view.states[3].strength?.score ?? 9 < estimator.estimate("qlarkson1").score)
        // The meter agrees with the rule's verdict: the strength item passes exactly when the score reaches 3.
        for state in view.states {
            #expect(state.items[1].isSatisfied == ((state.strength?.score ?? 0) >= 3))
        }
    }

    @Test("a policy without a strength rule shows no meter")
    func noMeter() throws {
        let view = RecordingChecklistView()
        let policy = try compile(#"{"name":"n","rules":[{"rule":"length","min":8}]}"#)
        PasswordChecklistPresenter(policy: policy, view: view).passwordDidChange(to: "password")
        #expect(view.states.map(\.strength) == [nil])
    }
}
