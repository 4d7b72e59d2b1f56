import Foundation
import LibC
import PwauditTestSupport
import Testing

/// Issue 20: the live checklist ended by any signal it can catch gives the terminal back with the cursor below the
/// checklist, and refuses a paste over 1 KiB as line mode does, never judging the cut password.
extension LiveChecklistTmuxTests {
    @Test(
        "a signal whose default ends the process restores the terminal and leaves the cursor below the checklist",
        arguments: [SIGUSR1, SIGALRM, SIGUSR2, SIGPROF, SIGSEGV]
            + (PlatformSignals.realTime.map { [$0.lowerBound + 2] } ?? []))
    func endingSignalLeavesTheChecklist(signal: Int32) throws {
        let directory = try TemporaryDirectory(prefix: "pwaudit-tmux")
        let pane = try TmuxPane(
            directory: directory, arguments: ["check", "--policy", CLIHarness.example("seed.json")])
        defer { pane.close() }
        _ = try pane.waitForMask(length: 0)
        pane.type("ab")
        let screen = try pane.waitForMask(length: 2)
        let resetRow = try #require(
            screen.split(separator: "\n", omittingEmptySubsequences: false).lastIndex { $0.contains("reset locked") })
        let pids = try #require(try pane.pwauditPIDs(), "no pwaudit process in the pane")
        for pid in pids { _ = kill(pid, signal) }
        #expect(try pane.waitForExit() == 128 + signal, "signal \(signal)")
        #expect(try pane.settings(.before) == pane.settings(.after), "stty -g differs after signal \(signal)")
        let row = try #require(pane.cursorRow())
        #expect(row > resetRow, "signal \(signal) left the cursor on row \(row), in the checklist:\n\(pane.capture())")
    }

    @Test("a paste over 1 KiB is refused as password-too-long, as line mode refuses it, not judged cut at 1 KiB")
    func overLongPasteIsRefused() throws {
        let directory = try TemporaryDirectory(prefix: "pwaudit-tmux")
        let pane = try TmuxPane(
            directory: directory, arguments: ["check", "--policy", CLIHarness.example("seed.json")])
        defer { pane.close() }
        _ = try pane.waitForMask(length: 0)
        // Its first 1024 bytes would unlock the reset: judged cut, it would pass.
        let long = "Tmux#Long1" + String(repeating: "x", count: 1100)
        pane.type("\u{1B}[200~" + long + "\u{1B}[201~")
        var screen = ""
        let refused = waitUntil(seconds: 60) {
            screen = pane.capture()
            return screen.contains("reset locked (input refused: password-too-long)")
        }
        #expect(refused, "the pane shows:\n\(screen)")
        #expect(screen.contains("password: (\(long.count) characters)"), "\(screen)")
        #expect(!screen.contains("reset unlocked"), "\(screen)")
        pane.sendKey("Enter")
        #expect(try pane.waitForExit() == 1)
        #expect(
            pane.capture().contains("verdict: reset locked (input refused: password-too-long)"), "\(pane.capture())")
        #expect(try pane.settings(.before) == pane.settings(.after))
    }
}
