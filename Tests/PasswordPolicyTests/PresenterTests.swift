import PasswordChecklist
import Testing

@testable import PasswordPolicy

/// Records every state the presenter pushes.
final class RecordingChecklistView: PasswordChecklistView {
    private(set) var states: [PasswordChecklistViewState] = []

    func render(_ state: PasswordChecklistViewState) {
        states.append(state)
    }
}

@Suite("Checklist presenter")
struct PresenterTests {
    @Test("start renders the empty password; each change pushes exactly one state")
    func oneStatePerChange() throws {
        let view = RecordingChecklistView()
        let presenter = PasswordChecklistPresenter(policy: try compile(seedPolicyJSON), view: view)
        presenter.start()
        #expect(view.states.count == 1)
        #expect(view.states[0].items.map(\.ruleID) == ["length", "require-upper", "require-digit", "require-special"])
        #expect(view.states[0].items.allSatisfy { !$0.isSatisfied })
        presenter.passwordDidChange(to: "abc")
        presenter.passwordDidChange(to: "Abc")
        #expect(view.states.count == 3)
        #expect(view.states[2].items.map(\.isSatisfied) == [false, true, false, false])
    }

    @Test("reset unlocks only when every rule passes, and locks again")
    func resetFlips() throws {
        let view = RecordingChecklistView()
        let presenter = PasswordChecklistPresenter(policy: try compile(seedPolicyJSON), view: view)
        for password in ["Abcdefg1", "Abcdefg1!", "Abcde1!", "Abcdefgh1!"] {
            presenter.passwordDidChange(to: password)
        }
        #expect(view.states.map(\.resetUnlocked) == [false, true, false, true])
        #expect(view.states[0].items[3].message == "Add a special character.")
    }

    @Test("items come from the policy, labels included")
    func itemsFromPolicy() throws {
        let view = RecordingChecklistView()
        let policy = try compile(#"{"name":"x","rules":[{"rule":"length","min":3,"label":"Three or more"}]}"#)
        PasswordChecklistPresenter(policy: policy, view: view).passwordDidChange(to: "ab")
        #expect(
            view.states == [
                PasswordChecklistViewState(
                    items: [
                        ChecklistItem(
                            ruleID: "length", label: "Three or more", isSatisfied: false,
                            message: "Use at least 3 characters (has 2).")
                    ],
                    resetUnlocked: false)
            ])
    }

    @Test("no state holds the password or a piece of it", arguments: ["Zq9#canary-Secret", "canary", "密码canary"])
    func noPasswordInState(password: String) throws {
        let view = RecordingChecklistView()
        let policy = try compile(
            #"""
            {"name":"all","rules":[{"rule":"length","min":30},{"rule":"blocklist","words":["canary"]},
             {"rule":"context","fields":["username"]},{"rule":"max-repeat","max":1},{"rule":"pattern","regex":"canary"},
             {"rule":"allowed","classes":["digit"]}]}
            """#)
        let presenter = PasswordChecklistPresenter(policy: policy, view: view, username: "canaryuser")
        presenter.passwordDidChange(to: password)
        let dump = String(describing: view.states) + String(reflecting: view.states)
        #expect(!dump.contains(password))
        #expect(!dump.contains("Secret"))
        #expect(!dump.contains("密码"))
    }

    @Test("the presenter holds its view weakly")
    func weakView() throws {
        var view: RecordingChecklistView? = RecordingChecklistView()
        weak let weakView = view
        let presenter = PasswordChecklistPresenter(policy: try compile(seedPolicyJSON), view: view!)
        view = nil
        #expect(weakView == nil)
        presenter.passwordDidChange(to: "still fine")
    }
}
