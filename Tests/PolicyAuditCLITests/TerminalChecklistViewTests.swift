import Foundation
import PasswordChecklist
import PasswordPolicy
import Testing

@testable import PolicyAuditCLI

@Suite("Terminal checklist view")
struct TerminalChecklistViewTests {
    static let policy = #"{"name":"p","rules":[{"rule":"length","min":8},{"rule":"require","class":"digit"}]}"#
    static let style = ChecklistStyle(usesColor: false, usesUnicode: true)

    static func view(_ output: CapturedOutput, drawing: FrameDiff.Drawing = .ansi) -> TerminalChecklistView {
        TerminalChecklistView(output: output, drawing: drawing, style: style, width: 80)
    }

    @Test("the presenter drives the view: a mark per rule of the policy, reset flipping, never the password")
    func rendersPresenterStates() throws {
        let policy = try CompiledPolicy(PasswordPolicy(json: Data(Self.policy.utf8)))
        let output = CapturedOutput()
        let view = Self.view(output)
        let presenter = PasswordChecklistPresenter(policy: policy, view: view)
        view.maskedLength = 6
        presenter.passwordDidChange(to: "canary")
        #expect(view.state?.resetUnlocked == false)
        #expect(view.shown?[1].hasPrefix("  ✗ At least 8 characters — ") == true)
        view.maskedLength = 9
        presenter.passwordDidChange(to: "canary-77")
        #expect(view.state?.resetUnlocked == true)
        #expect(view.shown == ["password: •••••••••", "  ✓ At least 8 characters", "  ✓ A digit", "  reset unlocked"])
        #expect(!output.text.contains("canary"))
    }

    @Test("only the lines that changed are written, in one write per frame, the cursor hidden while drawing")
    func onlyChangedLines() throws {
        let json = #"{"name":"p","rules":[{"rule":"require","class":"upper"},{"rule":"require","class":"digit"}]}"#
        let policy = try CompiledPolicy(PasswordPolicy(json: Data(json.utf8)))
        let output = CapturedOutput()
        let view = Self.view(output)
        var frames: [Int] = []
        view.frameDidChange = { frames.append($0) }
        let presenter = PasswordChecklistPresenter(policy: policy, view: view)
        presenter.start()
        let first = output.text
        #expect(first.contains("  ✗ An uppercase letter") && first.contains("  ✗ A digit"))
        view.maskedLength = 1
        presenter.passwordDidChange(to: "a")  // only the mask changes
        let second = String(output.text.dropFirst(first.count))
        #expect(second.hasPrefix(TerminalEscape.hideCursor) && second.hasSuffix(TerminalEscape.showCursor))
        #expect(second.contains("password: •") && !second.contains("uppercase") && !second.contains("reset"))
        presenter.passwordDidChange(to: "a")  // nothing changes: nothing is written
        #expect(output.text.count == first.count + second.count)
        #expect(frames == [4, 4])
    }

    @Test("a resize erases the old frame and draws it again at the new width")
    func resize() throws {
        let policy = try CompiledPolicy(PasswordPolicy(json: Data(Self.policy.utf8)))
        let output = CapturedOutput()
        let view = Self.view(output)
        let presenter = PasswordChecklistPresenter(policy: policy, view: view)
        presenter.start()
        let before = output.text.count
        view.resize(to: 20)
        let redraw = String(output.text.dropFirst(before))
        #expect(redraw.hasPrefix("\r" + TerminalEscape.eraseToEndOfScreen))
        #expect(redraw.contains("  ✗ At least 8"))
        #expect(view.shown?.allSatisfy { TerminalColumns.width(of: $0) <= 20 } == true)
    }

    @Test("plain drawing writes no escape sequence")
    func plainDrawing() throws {
        let policy = try CompiledPolicy(PasswordPolicy(json: Data(Self.policy.utf8)))
        let output = CapturedOutput()
        let view = Self.view(output, drawing: .plain)
        let presenter = PasswordChecklistPresenter(policy: policy, view: view)
        presenter.start()
        view.maskedLength = 9
        presenter.passwordDidChange(to: "canary-77")
        #expect(!output.text.contains("\u{1B}"))
        #expect(output.text.hasSuffix("  reset unlocked\npassword: •••••••••"))
    }
}
