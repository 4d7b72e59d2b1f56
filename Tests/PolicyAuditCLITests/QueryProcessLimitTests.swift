import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// `pwaudit query` run as the built binary: what only its own process may do (SQLite's process-wide heap limit, never
/// set in-process) and how much memory a long result takes.
@Suite(
    "pwaudit query, the binary: memory bound and streaming",
    .enabled(if: BuiltBinary.url != nil, "no built pwaudit executable"))
struct QueryProcessLimitTests {
    /// A fresh database in a temporary directory (`pwaudit init`, in-process).
    private func database() throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory(prefix: "pwaudit-query-binary")
        let path = directory.path("q.db")
        let context = CLIContext(
            stdout: CapturedOutput(), stderr: CapturedOutput(), currentDirectory: directory.url.path)
        #expect(PolicyAuditCLI.run(["init", "--db", path], context: context) == .success)
        return (directory, path)
    }

    /// Runs the binary with `arguments`, stdout to /dev/null and stderr to `errors`; returns its exit status and peak
    /// resident set size in KiB, the child's `VmHWM` read from /proc every 10 ms while it runs. (`wait4`'s `ru_maxrss`
    /// would not do: Linux starts a spawned child's at the parent's peak, this test process's.)
    private func run(_ arguments: [String], errors: String) throws -> (status: Int32, maxRSSKiB: Int) {
        let path = try #require(BuiltBinary.url).path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let words: [String] = [path] + arguments
        let environment: [String] = ["LANG=C.UTF-8", "NO_COLOR=1"]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for word in argv + envp { free(word) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        try #require(spawned == 0)
        var status: Int32 = 0
        var peak = 0
        while true {
            peak = max(peak, Self.highWaterMarkKiB(of: pid) ?? 0)
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            if reaped < 0 && errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD) }
            usleep(10_000)
        }
        let exited = status & 0x7F == 0
        return (exited ? (status >> 8) & 0xFF : -1, peak)
    }

    /// The `VmHWM` (peak resident set) of process `pid` in KiB, from /proc/PID/status; nil once it has exited.
    private static func highWaterMarkKiB(of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }

    @Test("the pwaudit process stops a query that needs more than 512 MiB (SQLite's heap limit), exit 65")
    func heapLimit() throws {
        let (directory, db) = try database()
        // 80 distinct aggregates of 8 MB each (every value under the 8 MiB length limit): 640 MB in all.
        let columns = (0..<80).map { "length(group_concat(hex(zeroblob(500000)), '\($0)'))" }
        let sql =
            "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 8) SELECT "
            + columns.joined(separator: ", ") + " FROM c"
        let errors = directory.path("errors.txt")
        let result = try run(["query", sql, "--db", db, "--format", "csv"], errors: errors)
        let message = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(result.status == 65, "\(message)")
        #expect(message.contains("it needed more memory than the limit of 512 MiB"), "\(message)")
        // Half of it fits.
        let half =
            "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 8) SELECT "
            + columns.prefix(40).joined(separator: ", ") + " FROM c"
        #expect(try run(["query", half, "--db", db, "--format", "csv"], errors: errors).status == 0)
    }

    @Test(
        "a 500,000-row result streams in every format within 64 MiB of resident memory",
        arguments: ["csv", "json", "table"])
    func streamsInFlatMemory(format: String) throws {
        let (directory, db) = try database()
        let sql =
            "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 500000) "
            + "SELECT n, 'row ' || n AS label, n * 0.5 AS half, x'00ff' AS b FROM c"
        let errors = directory.path("errors.txt")
        let result = try run(["query", sql, "--db", db, "--format", format, "--timeout", "600"], errors: errors)
        let message = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(result.status == 0, "\(message)")
        #expect(result.maxRSSKiB < 64 * 1024, "peak RSS \(result.maxRSSKiB) KiB")
    }

    @Test("an endless query into head -1 ends at once, by SIGPIPE, with nothing on stderr")
    func endlessQueryIntoHead() throws {
        let (directory, db) = try database()
        var output: [Int32] = [-1, -1]
        try #require(pipe(&output) == 0)
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(null) }
        let errorsPath = directory.path("errors.txt")
        let errors = open(errorsPath, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        let child = try SpawnedChild(
            try #require(BuiltBinary.url).path,
            [
                "query", "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT n FROM c", "--db", db,
                "--format", "csv", "--timeout", "600",
            ], stdin: null, stdout: output[1], stderr: errors)
        close(output[1])
        close(errors)
        let line = readFirstLineAndClose(output[0])
        let ending = child.wait(seconds: 30)  // killed if it runs on
        #expect(line == "n\r\n")
        #expect(ending == .signaled(SIGPIPE), "the query went on after its reader was gone")
        #expect(try String(contentsOfFile: errorsPath, encoding: .utf8) == "")
    }
}
