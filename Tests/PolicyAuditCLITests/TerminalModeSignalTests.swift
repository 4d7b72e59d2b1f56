import Foundation
import LibC
import PwauditTestSupport
import Testing

/// A real `pwaudit check` on a pseudo-terminal: raw mode (no echo, no line editing) stays on across Ctrl-Z/`fg`,
/// and every terminating signal gives the terminal back as it was, cursor shown (issue 10, defect 5; issue 14).
@Suite(
    "pwaudit check on a terminal: raw mode and signals",
    .enabled(if: BuiltBinary.url != nil, "skipped: no built pwaudit executable beside the tests or in .build/"))
struct TerminalModeSignalTests {
    @Test(
        "Ctrl-Z or SIGTSTP gives the terminal back while stopped, SIGCONT takes it again and redraws, a signal ends it",
        arguments: [(SIGTERM, "xterm"), (SIGHUP, "dumb"), (SIGINT, "xterm")])
    func terminalAcrossSignals(ending signal: Int32, term: String) throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let before = terminal.settings
        let child = try terminal.spawn(
            try #require(BuiltBinary.url).path, ["check", "--policy", CLIHarness.example("seed.json")], term: term)
        var reaped = false
        defer {
            if !reaped {
                kill(child, SIGKILL)
                _ = terminal.wait(for: child)
            }
        }

        try terminal.expectOutput(containing: "password: ")
        try #require(terminal.waitForRawMode(true), "check never turned raw mode on")
        terminal.type("Canary#Typed1")
        try terminal.expectOutput(containing: "reset unlocked")

        if term == "dumb" {
            terminal.type("\u{1A}")  // Ctrl-Z, read by check itself in raw mode: it stops its process group
        } else {
            kill(child, SIGTSTP)
        }
        #expect(terminal.waitForStop(of: child), "Ctrl-Z / SIGTSTP did not stop check")
        #expect(terminal.settings == before, "the terminal is not as it was while check is stopped")

        terminal.setEcho(true)  // as a shell does when it takes the terminal back, so `fg` must set raw mode again
        kill(child, SIGCONT)
        #expect(terminal.waitForRawMode(true), "raw mode is off after SIGCONT: the next key would be echoed")
        try terminal.expectOutput(containing: "reset unlocked", occurrences: 2)  // redrawn after `fg`
        terminal.type("\u{7F}")  // backspace: the digit goes
        try terminal.expectOutput(containing: "1 of 4 rules failing")

        kill(child, signal)
        let status = try #require(terminal.wait(for: child))
        reaped = true
        #expect(status.signal == signal, "check should end by the signal itself, status \(status)")
        #expect(terminal.settings == before, "terminal settings differ after signal \(signal)")
        terminal.drain()
        #expect(!terminal.output.contains("Canary#Typed"), "a typed password appeared on the terminal")
        if term == "dumb" {
            #expect(!terminal.output.contains("\u{1B}"), "an escape sequence was written to a dumb terminal")
        } else {
            let shown = try #require(terminal.output.range(of: "\u{1B}[?25h", options: .backwards))
            let hidden = terminal.output.range(of: "\u{1B}[?25l", options: .backwards)
            #expect(hidden.map { $0.lowerBound < shown.lowerBound } ?? true, "the cursor was left hidden")
            #expect(terminal.output.hasSuffix("\u{1B}[?2004l\u{1B}[?25h"), "bracketed paste left on")
        }
    }
}

extension TerminalModeSignalTests {
    @Test("stdout a pipe whose reader goes away while the checklist waits: it ends by SIGPIPE, terminal restored")
    func readerOfStdoutGoesAway() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let before = terminal.settings
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }  // the child gets only its stdout, as fd 1
        let child = try terminal.spawn(
            try #require(BuiltBinary.url).path, ["check", "--policy", CLIHarness.example("seed.json")], term: "xterm",
            stdout: ends[1])
        close(ends[1])
        var reaped = false
        defer {
            if !reaped {
                kill(child, SIGKILL)
                _ = terminal.wait(for: child)
            }
        }
        try terminal.expectOutput(containing: "password: ")
        try #require(terminal.waitForRawMode(true), "check never turned raw mode on")
        close(ends[0])  // the verdict's reader goes away, as `pwaudit check … | true` would
        let status = try #require(terminal.wait(for: child), "check read on after its stdout's reader was gone")
        reaped = true
        #expect(status.signal == SIGPIPE, "status \(status)")
        #expect(terminal.settings == before, "terminal settings differ after stdout's reader went away")
        terminal.drain()
        #expect(!terminal.output.contains("Error"), "\(terminal.output.debugDescription)")
        #expect(terminal.output.hasSuffix("\u{1B}[?2004l\u{1B}[?25h"), "\(terminal.output.debugDescription)")
    }
}
