import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// The live checklist end to end: the built `pwaudit check` in a real terminal emulator (tmux), typed at one key at
/// a time, the screen read back with `capture-pane`.
@Suite(
    "pwaudit check live in tmux",
    .enabled(if: TmuxPane.tmux != nil, "skipped: no tmux on PATH"),
    .enabled(if: BuiltBinary.url != nil, "skipped: no built pwaudit executable beside the tests or in .build/"))
struct LiveChecklistTmuxTests {
    /// Passes the seed policy's rules one by one — length at the 8th key, special, upper, and the digit last.
    static let canary = "tmuxcanary#Q9"

    @Test("the marks tick as each key is typed, reset unlocks exactly with the last rule, Ctrl-C restores the terminal")
    func typingBackspaceInterrupt() throws {
        let directory = try TemporaryDirectory(prefix: "pwaudit-tmux")
        let pane = try TmuxPane(
            directory: directory, arguments: ["check", "--policy", CLIHarness.example("seed.json")])
        defer { pane.close() }
        var screen = try pane.waitForMask(length: 0)
        #expect(screen.contains("✗ At least 8 characters"))
        #expect(screen.contains("reset locked (4 of 4 rules failing)"))

        for (index, character) in Self.canary.enumerated() {
            pane.type(String(character))
            screen = try pane.waitForMask(length: index + 1)
            let isLast = index == Self.canary.count - 1
            #expect(screen.contains("reset unlocked") == isLast, "after \(index + 1) keys: \(screen)")
            #expect(screen.contains("✓ At least 8 characters") == (index >= 7), "after \(index + 1) keys: \(screen)")
            #expect(screen.contains("✓ A special character") == (index >= 10), "after \(index + 1) keys: \(screen)")
            #expect(screen.contains("✓ An uppercase letter") == (index >= 11), "after \(index + 1) keys: \(screen)")
            #expect(screen.contains("✓ A digit") == isLast, "after \(index + 1) keys: \(screen)")
        }

        pane.sendKey("BSpace")
        screen = try pane.waitForMask(length: Self.canary.count - 1)
        #expect(!screen.contains("reset unlocked"))
        #expect(screen.contains("✗ A digit — "))
        #expect(screen.contains("reset locked (1 of 4 rules failing)"))

        pane.sendKey("C-c")
        let status = try pane.waitForExit()
        #expect(status == 130)
        screen = pane.capture()
        #expect(screen.contains("cancelled"))
        #expect(try pane.settings(.before) == pane.settings(.after), "stty -g differs after Ctrl-C")
        try CanaryScan(canaries: [Self.canary]).expectNoTrace(in: [], outputs: [("the pane", pane.history())])
    }

    @Test(
        "--record: Enter gives the verdict, the attempt is stored as an interactive run, and no trace of the password")
    func recordOnEnter() throws {
        let directory = try TemporaryDirectory(prefix: "pwaudit-tmux")
        let database = directory.path("audit.db")
        let cli = try CLIHarness()
        #expect(try cli.run(["init", "--db", database]).code == .success)
        #expect(try cli.run(["policy", "add", CLIHarness.example("seed.json"), "--db", database]).code == .success)
        #expect(chmod(database + ".key", 0o644) == 0)  // warned about once, though the policy and the record share it
        let pane = try TmuxPane(
            directory: directory,
            arguments: ["check", "--policy", "seed", "--db", database, "--record", "--user", "tmux-user"])
        defer { pane.close() }
        _ = try pane.waitForMask(length: 0)
        pane.type("\u{1B}[200~" + Self.canary + "\u{1B}[201~")  // one paste
        let screen = try pane.waitForMask(length: Self.canary.count)
        #expect(screen.contains("reset unlocked"))
        pane.sendKey("Enter")
        #expect(try pane.waitForExit() == 0)
        let final = pane.capture()
        #expect(final.contains("verdict: reset unlocked"))
        #expect(final.contains("recorded as run 1 (source 'interactive')"))
        let warnings = pane.history().components(separatedBy: "warning: the fingerprint key").count - 1
        #expect(warnings == 1, "\(pane.history())")
        #expect(try pane.settings(.before) == pane.settings(.after))

        let runs = try cli.run(["runs", "--db", database])
        #expect(runs.out.contains("interactive"), "\(runs.out)")
        let report = try cli.run(["report", "--db", database, "--format", "json"])
        #expect(report.code == .success)
        #expect(report.out.contains("\"candidates\" : 1"), "\(report.out)")
        let files = [database, database + "-wal", database + "-shm", database + ".key"]
        let scanned = try CanaryScan(canaries: [Self.canary]).expectNoTrace(
            in: files, outputs: [("the pane", pane.history()), ("runs", runs.out), ("report", report.out)])
        #expect(scanned >= 4)
    }
}

extension LiveChecklistTmuxTests {
    @Test("a window resize re-wraps the checklist to the new width")
    func resizeRewraps() throws {
        let directory = try TemporaryDirectory(prefix: "pwaudit-tmux")
        let pane = try TmuxPane(
            directory: directory, arguments: ["check", "--policy", CLIHarness.example("nist.json")])
        defer { pane.close() }
        _ = try pane.waitForMask(length: 0)  // raw mode is on: keys typed earlier would be echoed, then flushed
        pane.type("ab")
        var screen = try pane.waitForMask(length: 2)
        #expect(screen.contains("  ✗ Between 15 and 64 characters — Use at least 15 characters (has 2)."))
        pane.resize(width: 40)
        let rewrapped = waitUntil(seconds: 60) {
            screen = pane.capture()
            let lines = screen.split(separator: "\n")
            return lines.contains("  ✗ Between 15 and 64 characters — Use")
                && lines.contains("    at least 15 characters (has 2).")
        }
        #expect(rewrapped, "the pane shows:\n\(screen)")
        pane.sendKey("C-c")
        #expect(try pane.waitForExit() == 130)
    }
}

extension LiveChecklistTmuxTests {
    @Test("a breach corpus truncated while the checklist runs: the terminal is restored, one line says why, exit 74")
    func truncatedCorpusRestoresTheTerminal() throws {
        let directory = try TemporaryDirectory(prefix: "pwaudit-tmux")
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789ABCDEF")
        let lines = (0..<20_000).map { _ in
            String((0..<40).map { _ in digits.randomElement(using: &generator)! })
        }.sorted().map { $0 + ":3" }
        let (corpus, pane) = try Self.checklist(corpus: lines, in: directory)
        defer { pane.close() }
        pane.type("a")
        _ = try pane.waitForMask(length: 1)
        #expect(truncate(corpus, 0) == 0)
        pane.type("b")
        #expect(try pane.waitForExit() == 74)
        let screen = pane.history()
        let unwrapped = screen.split(separator: "\n").joined()  // the pane wraps the line at 100 columns
        #expect(unwrapped.contains("shrank while pwaudit was reading it"), "\(screen)")
        #expect(!screen.contains("Crash"), "\(screen)")
        #expect(try pane.settings(.before) == pane.settings(.after), "stty -g differs after the bus error")
    }

    /// A corpus of `lines` in `directory`, and the checklist of a policy naming it, shown and waiting for keys.
    private static func checklist(corpus lines: [String], in directory: TemporaryDirectory) throws
        -> (corpus: String, pane: TmuxPane)
    {
        let corpus = try directory.write("pwned.txt", lines.joined(separator: "\n") + "\n")
        let policy = try directory.write(
            "p.json", #"{"name":"p","rules":[{"rule":"blocklist","lists":["hibp:pwned.txt"]}]}"#)
        let pane = try TmuxPane(directory: directory, arguments: ["check", "--policy", policy])
        do {
            _ = try pane.waitForMask(length: 0)
        } catch {
            pane.close()
            throw error
        }
        return (corpus, pane)
    }

    @Test("a SIGBUS sent by kill ends the checklist with the terminal restored, never reading on with echo on")
    func sentBusErrorEndsTheChecklist() throws {
        // With a corpus open, the action before the terminal's is the corpus guard's. A sent signal must not be
        // handed to it as a fault to repeat: nothing would repeat, and the checklist would read on with echo on.
        let directory = try TemporaryDirectory(prefix: "pwaudit-tmux")
        let lines = [String(repeating: "0", count: 40) + ":1", String(repeating: "F", count: 40) + ":2"]
        let (_, pane) = try Self.checklist(corpus: lines, in: directory)
        defer { pane.close() }
        pane.type("ab")
        _ = try pane.waitForMask(length: 2)
        let found = try pane.pwauditPIDs()
        let pids = try #require(found, "no pwaudit process in the pane")
        for pid in pids { _ = kill(pid, SIGBUS) }
        let status = try pane.waitForExit()
        #expect(status == 128 + SIGBUS, "the checklist went on after the signal")
        #expect(try pane.settings(.before) == pane.settings(.after), "stty -g differs after the signal")
    }
}

/// One tmux server of its own (a unique socket), one 100×30 window running `pwaudit` from a shell script that saves
/// `stty -g` before and after and the exit status (and dumps no core when a signal ends it).
final class TmuxPane {
    /// The tmux executable, if installed.
    static let tmux: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    enum Moment: String {
        case before, after
    }

    private let socket = "pwaudit-\(UUID().uuidString)"
    private let directory: TemporaryDirectory

    /// Starts the server and the script.
    init(directory: TemporaryDirectory, arguments: [String]) throws {
        self.directory = directory
        let binary = try #require(BuiltBinary.url).path
        let command = ([binary] + arguments).map(ShellQuote.word).joined(separator: " ")
        let script = """
            cd \(ShellQuote.word(directory.url.path))
            ulimit -c 0
            stty -g > stty.before
            env -u NO_COLOR LANG=C.UTF-8 TERM=xterm-256color \(command)
            echo $? > status.new && mv status.new status
            stty -g > stty.after.new && mv stty.after.new stty.after
            exec sleep 600
            """
        let path = try directory.write("run.sh", script)
        // The server it starts keeps the descriptors it was given: no pipe, or reading it would never end.
        try run(["-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "30", "/bin/sh " + path], capturing: false)
    }

    /// Types `text` literally.
    func type(_ text: String) { _ = try? run(["send-keys", "-t", "0", "-l", text]) }

    /// Presses the key tmux names `key` (`Enter`, `BSpace`, `C-c`).
    func sendKey(_ key: String) { _ = try? run(["send-keys", "-t", "0", key]) }

    /// Resizes the window to `width` columns (the program gets SIGWINCH).
    func resize(width: Int) { _ = try? run(["resize-window", "-t", "0", "-x", String(width)]) }

    /// The process ids of the pane shell's children (the `pwaudit` under test), from `/proc`; nil when none is found.
    func pwauditPIDs() throws -> [Int32]? {
        let shell = try run(["list-panes", "-t", "0", "-F", "#{pane_pid}"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let children = try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap { name -> Int32? in
            guard let pid = Int32(name),
                let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && fields[1] == shell ? pid : nil
        }
        return children.isEmpty ? nil : children
    }

    /// The cursor's row on the visible screen (0 at the top), or nil when tmux does not say.
    func cursorRow() -> Int? {
        (try? run(["display-message", "-p", "-t", "0", "#{cursor_y}"])).flatMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// The visible screen.
    func capture() -> String { (try? run(["capture-pane", "-p", "-t", "0"])) ?? "" }

    /// The screen and its scrollback.
    func history() -> String { (try? run(["capture-pane", "-p", "-S", "-", "-t", "0"])) ?? "" }

    /// Waits (up to 60 s) for the prompt to show `length` mask characters; returns the screen.
    func waitForMask(length: Int) throws -> String {
        var screen = ""
        let shown = waitUntil(seconds: 60) {
            screen = capture()
            let prompt = "password:" + (length == 0 ? "" : " " + String(repeating: "•", count: length))
            return screen.split(separator: "\n").contains { $0 == prompt }  // capture-pane drops trailing spaces
        }
        try #require(shown, "waited for \(length) mask characters; the pane shows:\n\(screen)")
        return screen
    }

    /// Waits (up to 60 s) for `pwaudit` to end; returns its exit status.
    func waitForExit() throws -> Int32 {
        var status: Int32?
        _ = waitUntil(seconds: 60) {
            status = (try? String(contentsOfFile: directory.path("status"), encoding: .utf8)).flatMap {
                Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            return status != nil && FileManager.default.fileExists(atPath: directory.path("stty.after"))
        }
        return try #require(status, "pwaudit did not end; the pane shows:\n\(capture())")
    }

    /// `stty -g` inside the pane before or after `pwaudit`.
    func settings(_ moment: Moment) throws -> String {
        try String(contentsOfFile: directory.path("stty.\(moment.rawValue)"), encoding: .utf8)
    }

    /// Kills the server.
    func close() { _ = try? run(["kill-server"]) }

    /// Runs `tmux -L <socket> arguments` to its end and returns its stdout (read from a file, not a pipe: the server
    /// a command may start must not hold a descriptor the test waits on). The child gets /dev/null for stdin and
    /// stderr and no other descriptor of the test process.
    @discardableResult
    private func run(_ arguments: [String], capturing: Bool = true) throws -> String {
        let outputPath = directory.path("tmux-\(UUID().uuidString).out")
        defer { unlink(outputPath) }
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { closeDescriptor(null) }
        let output = capturing ? open(outputPath, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600) : null
        defer { if capturing { closeDescriptor(output) } }
        // SpawnedChild gives the server a tmux command may start default signal actions and an empty mask: the test's
        // threads block most signals, and a server that inherited that would never see SIGCHLD or kill-server's TERM.
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let child = try SpawnedChild(
            try #require(Self.tmux), ["-L", socket] + arguments, stdin: null, stdout: output, stderr: null,
            environment: environment)
        _ = child.wait(seconds: 60)
        return capturing ? (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" : ""
    }
}

/// `close(2)`, named apart from `TmuxPane.close()`, which hides the C function inside the type.
private func closeDescriptor(_ descriptor: Int32) { close(descriptor) }
