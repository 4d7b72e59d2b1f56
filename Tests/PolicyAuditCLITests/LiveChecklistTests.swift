import Foundation
import PasswordPolicy
import Testing

@testable import PolicyAuditCLI

/// `LiveChecklist`: keystroke bytes through the presenter to frames, without a terminal.
@Suite("Live checklist")
struct LiveChecklistTests {
    static func checklist(_ output: CapturedOutput) throws -> LiveChecklist {
        let json = #"{"name":"p","rules":[{"rule":"length","min":4},{"rule":"context","fields":["username"]}]}"#
        let policy = try CompiledPolicy(PasswordPolicy(json: Data(json.utf8)))
        let view = TerminalChecklistView(
            output: output, drawing: .ansi, style: ChecklistStyle(usesColor: false, usesUnicode: true), width: 80)
        return LiveChecklist(policy: policy, view: view, username: "marianne", email: nil)
    }

    @Test("each key re-evaluates; the reset unlocks exactly when the last rule passes, backspace locks it again")
    func typing() throws {
        let output = CapturedOutput()
        let checklist = try Self.checklist(output)
        checklist.start()
        var unlocked: [Bool] = []
        for byte in Array("Zq!9".utf8) + [0x7F] {
            #expect(checklist.handle([byte]) == .proceed)
            unlocked.append(try #require(checklist.state).resetUnlocked)
        }
        #expect(unlocked == [false, false, false, true, false])
        #expect(checklist.view.shown?[0] == "password: •••")
        #expect(checklist.handle([0x0D]) == .submit)
        #expect(checklist.candidate == "Zq!")
        #expect(!output.text.contains("Zq!"))
    }

    @Test("the context rule sees the username: typing it fails the rule")
    func contextRule() throws {
        let checklist = try Self.checklist(CapturedOutput())
        checklist.start()
        _ = checklist.handle(Array("xMarianne1".utf8))
        #expect(try #require(checklist.state).items.map(\.isSatisfied) == [true, false])
    }

    @Test("one read is one frame, however many keys it holds")
    func oneFramePerRead() throws {
        let output = CapturedOutput()
        let checklist = try Self.checklist(output)
        checklist.start()
        let before = output.text.components(separatedBy: TerminalEscape.showCursor).count
        _ = checklist.handle(Array("\u{1B}[200~Secret-1\u{1B}[201~".utf8))
        #expect(output.text.components(separatedBy: TerminalEscape.showCursor).count == before + 1)
        #expect(checklist.candidate == "Secret-1")
    }

    @Test("Ctrl-C, Ctrl-D and Ctrl-Z end the read; keys after them in the same read are not applied")
    func endingKeys() throws {
        for (byte, step) in [(UInt8(0x03), LiveChecklist.Step.interrupt), (0x04, .submit), (0x1A, .suspend)] {
            let checklist = try Self.checklist(CapturedOutput())
            checklist.start()
            #expect(checklist.handle([0x61, byte, 0x62]) == step)
            #expect(checklist.candidate == "a")
        }
    }
}
