import Foundation
import PasswordPolicy
import Testing

@testable import PolicyAuditCLI

@Suite("Terminal checklist view")
struct TerminalChecklistViewTests {
    @Test("the presenter drives the view: a mark per rule of the policy, reset flipping, never the password")
    func rendersPresenterStates() throws {
        let policy = try CompiledPolicy(
            PasswordPolicy(
                json: Data(#"{"name":"p","rules":[{"rule":"length","min":8},{"rule":"require","class":"digit"}]}"#.utf8)
            ))
        let output = CapturedOutput()
        let view = TerminalChecklistView(output: output, useColor: false)
        let presenter = PasswordChecklistPresenter(policy: policy, view: view)
        presenter.passwordDidChange(to: "canary")
        presenter.passwordDidChange(to: "canary-77")
        #expect(view.states.map(\.resetUnlocked) == [false, true])
        let text = output.text
        #expect(text.contains("  ✗ At least 8 characters — "))
        #expect(text.contains("  ✓ At least 8 characters\n"))
        #expect(text.contains("  reset locked\n") && text.hasSuffix("  reset unlocked\n"))
        #expect(!text.contains("canary"))
        #expect(!text.contains("\u{1B}["))
    }

    @Test("colour only when asked")
    func colour() {
        let state = PasswordChecklistViewState(items: [], resetUnlocked: true)
        #expect(TerminalChecklistView.text(of: state, useColor: true).contains("\u{1B}[1;32m"))
    }
}
