import Foundation
import LibC

/// A child process started as a shell starts a command: the given descriptors as its stdin, stdout and stderr and no
/// other descriptor of the test process (so a pipe end the test closes is closed for good), default signal actions
/// and nothing blocked (the test's threads block some signals, and a child would inherit that).
package struct SpawnedChild {
    /// How a child ended.
    package enum Ending: Equatable, Sendable {
        /// `exit(code)`.
        case exited(Int32)
        /// Killed by `signal`.
        case signaled(Int32)
    }

    /// Its process id.
    package let pid: pid_t

    /// Starts `path` with `arguments` and `environment` (`NAME=value` words); with `newSession`, in a session of its
    /// own (`setsid`), so that a signal to the test's terminal or process group does not reach it.
    package init(
        _ path: String, _ arguments: [String], stdin: Int32, stdout: Int32, stderr: Int32,
        environment: [String] = ["PATH=/usr/bin:/bin", "LANG=C.UTF-8", "NO_COLOR=1"], newSession: Bool = false
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (source, target) in [(stdin, Int32(0)), (stdout, 1), (stderr, 2)] {
            posix_spawn_file_actions_adddup2(&actions, source, target)
        }
        try Self.closeFrom(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        let session = newSession ? Int32(0x80) : 0  // POSIX_SPAWN_SETSID (glibc 2.26), which Glibc's module omits
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | session))
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for word in argv + envp { free(word) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL) }
        self.pid = pid
    }

    /// Waits up to `seconds` for the child to end and reaps it; nil if it did not end (it is then killed and reaped,
    /// so that a test of something that never ends stays bounded).
    package func wait(seconds: TimeInterval) -> Ending? {
        var ending: Ending?
        _ = waitUntil(seconds: seconds) {
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return false }
            let signal = status & 0x7F
            ending = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
            return true
        }
        if ending == nil { stop() }
        return ending
    }

    /// Kills the child (if it still runs) and reaps it.
    package func stop() {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// Adds `posix_spawn_file_actions_addclosefrom_np(actions, lowest)` (glibc 2.34), looked up at run time.
    private static func closeFrom(_ actions: inout posix_spawn_file_actions_t, _ lowest: Int32) throws {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { throw POSIXError(.ENOSYS) }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, lowest)
    }
}
