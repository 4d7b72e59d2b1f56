import Foundation
import LibC
import PwauditTestSupport
import Testing

/// A pseudo-terminal pair, a child process on its slave side, and what the child wrote (`TerminalModeSignalTests`,
/// and `BothStoresStore` for `check --record`). Both ends are close-on-exec, so that no other test's child keeps
/// them open; a child gets the slave as its stdin, stdout and stderr only.
final class PseudoTerminal {
    let master: Int32
    let slave: Int32
    private(set) var output = ""

    init() throws {
        // Glibc's Swift module leaves out the XSI pseudo-terminal calls; take them from libc itself.
        typealias OpenPT = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        func function<T>(_ name: String, as type: T.Type) throws -> T {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { throw POSIXError(.ENOSYS) }
            return unsafeBitCast(symbol, to: type)
        }
        let (openpt, grantpt, unlockpt, ptsname) = (
            try function("posix_openpt", as: OpenPT.self), try function("grantpt", as: OpenPT.self),
            try function("unlockpt", as: OpenPT.self), try function("ptsname", as: Name.self)
        )
        master = openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            throw POSIXError(.ENODEV)
        }
        slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else { throw POSIXError(.ENODEV) }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    func close() {
        _ = Glibc.close(slave)
        _ = Glibc.close(master)
    }

    /// Starts `path arguments` with the slave as stdin, stdout (unless `stdout` is given) and stderr, in a process
    /// group of its own (so that the group is not orphaned and SIGTSTP's default action really stops it), with
    /// default signal actions and nothing blocked.
    func spawn(_ path: String, _ arguments: [String], term: String, stdout: Int32? = nil) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for target: Int32 in 0...2 {
            posix_spawn_file_actions_adddup2(&actions, target == 1 ? stdout ?? slave : slave, target)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGTTOU, SIGTTIN] {
            sigaddset(&defaults, number)
        }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let words: [String] = [path] + arguments
        let environment: [String] = ["NO_COLOR=1", "TERM=\(term)", "LANG=C.UTF-8", "PATH=/usr/bin:/bin"]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for word in argv + envp { free(word) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL) }
        return pid
    }

    /// Writes `text` as if typed.
    func type(_ text: String) {
        _ = text.withCString { write(master, $0, strlen($0)) }
    }

    /// Reads whatever the child wrote so far.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { return }
            output += String(decoding: buffer[0..<count], as: UTF8.self)
        }
    }

    /// Waits (up to 20 s) until the output holds `text` `occurrences` times.
    func expectOutput(containing text: String, occurrences: Int = 1) throws {
        let found = poll {
            self.drain()
            return self.output.components(separatedBy: text).count - 1 >= occurrences
        }
        try #require(found, "waited for \(occurrences)× '\(text)'; the terminal shows: \(output.debugDescription)")
    }

    /// The slave's settings as `stty -g` would compare them: the flags and the control characters.
    var settings: [UInt64] {
        var settings = termios()
        guard tcgetattr(slave, &settings) == 0 else { return [] }
        let flags = [settings.c_iflag, settings.c_oflag, settings.c_cflag, settings.c_lflag].map { UInt64($0) }
        return flags + withUnsafeBytes(of: settings.c_cc) { $0.map { UInt64($0) } }
    }

    /// Whether the slave is in raw mode now: no echo, no line editing.
    var rawModeIsOn: Bool {
        var settings = termios()
        guard tcgetattr(slave, &settings) == 0 else { return false }
        return settings.c_lflag & tcflag_t(ECHO | ICANON) == 0
    }

    /// Sets or clears the slave's ECHO flag, as a shell would.
    func setEcho(_ on: Bool) {
        var settings = termios()
        guard tcgetattr(slave, &settings) == 0 else { return }
        if on { settings.c_lflag |= tcflag_t(ECHO) } else { settings.c_lflag &= ~tcflag_t(ECHO) }
        tcsetattr(slave, TCSANOW, &settings)
    }

    /// Waits (up to 20 s) until raw mode is `on`.
    func waitForRawMode(_ on: Bool) -> Bool { poll { self.rawModeIsOn == on } }

    /// Waits (up to 20 s) until `pid` is stopped (state `T` in `/proc/PID/stat`).
    func waitForStop(of pid: pid_t) -> Bool {
        poll {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            return stat[close...].dropFirst(2).first == "T"
        }
    }

    /// Waits (up to 20 s) for `pid` to end; nil if it does not.
    func wait(for pid: pid_t) -> (code: Int32?, signal: Int32?)? {
        var result: (code: Int32?, signal: Int32?)?
        _ = poll {
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return false }
            let signal = status & 0x7F
            result = signal == 0 ? ((status >> 8) & 0xFF, nil) : (nil, signal)
            return true
        }
        return result
    }

    private func poll(_ condition: () -> Bool) -> Bool { waitUntil(seconds: 20, condition) }
}
