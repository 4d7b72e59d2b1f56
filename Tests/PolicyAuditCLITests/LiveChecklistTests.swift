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

    @Test("past 1 KiB the input is refused as password-too-long and not evaluated; back under it, it is judged whole")
    func overLongInputIsRefused() throws {
        let checklist = try Self.checklist(CapturedOutput())
        checklist.start()
        _ = checklist.handle(Array("Zq!".utf8))
        let before = try #require(checklist.state)
        #expect(!before.resetUnlocked)
        // Cut at 1 KiB it would pass both rules: it must not be judged so.
        let paste = "\u{1B}[200~" + String(repeating: "y", count: 1100) + "\u{1B}[201~"
        #expect(checklist.handle(Array(paste.utf8)) == .proceed)
        #expect(checklist.refusal == .passwordTooLong)
        #expect(checklist.state == before, "the input cut at 1 KiB was evaluated")
        var frame = try #require(checklist.view.shown)
        #expect(frame[0] == "password: (1103 characters)")
        #expect(frame.last == "  reset locked (input refused: password-too-long)", "\(frame)")
        #expect(frame[1].hasPrefix("  ✗ At most 1024 bytes — longer input is refused"), "\(frame)")
        let words = frame.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(words.contains("as an import refuses it (password-too-long)"), "\(frame)")
        for item in before.items { #expect(!frame.contains { $0.contains(item.label) }, "\(frame)") }

        let excess = 3 + 1100 - PasswordInput.maximumBytes
        _ = checklist.handle([UInt8](repeating: 0x7F, count: excess))
        #expect(checklist.refusal == nil)
        #expect(checklist.candidate.utf8.count == PasswordInput.maximumBytes)
        #expect(try #require(checklist.state).resetUnlocked, "back under the limit, the input is judged again")
        frame = try #require(checklist.view.shown)
        #expect(frame.last == "  reset unlocked")
    }
}
