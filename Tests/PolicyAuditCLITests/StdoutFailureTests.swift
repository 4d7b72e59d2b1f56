import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// Issue 10, defect 1 and issue 20, item 3: a failed write to standard output stops the command at once — never
/// reading or computing on — and is reported: a reader gone away (`EPIPE`) as `.brokenPipe` with nothing on stderr
/// (the binary then dies by SIGPIPE, `StdoutFailureBinaryTests`), any other failure (a full disk) as exit 74 with one
/// line on stderr.
@Suite("stdout write failures stop the command")
struct StdoutFailureTests {
    static let fullDisk = "Error: cannot write standard output: \(String(cString: strerror(ENOSPC)))\n"

    @Test("in-process: a sink over /dev/full records ENOSPC and the run returns .ioError with one stderr line")
    func inProcessFullDisk() throws {
        let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let stdout = FileDescriptorSink(descriptor: descriptor)
        let stderr = CapturedOutput()
        let code = PolicyAuditCLI.run(
            ["--version"], context: CLIContext(stdout: stdout, stderr: stderr, currentDirectory: "/"))
        #expect(code == .ioError)
        #expect(stdout.writeFailure == ENOSPC)
        #expect(stderr.text == Self.fullDisk)
    }

    @Test("in-process: a sink whose writes succeed reports no failure and the code is unchanged")
    func inProcessHealthy() throws {
        let descriptor = open("/dev/null", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let stdout = FileDescriptorSink(descriptor: descriptor)
        let code = PolicyAuditCLI.run(
            ["--version"], context: CLIContext(stdout: stdout, stderr: CapturedOutput(), currentDirectory: "/"))
        #expect(code == .success)
        #expect(stdout.writeFailure == nil)
    }

    /// 8 MiB of candidates, one per line, in a file of `directory`; returns its path and size.
    private static func manyCandidates(in directory: TemporaryDirectory) throws -> (path: String, size: Int) {
        let text = String(repeating: "Password1!\nshort\n", count: 8 << 20 / 17)
        return (try directory.write("candidates.txt", text), text.utf8.count)
    }

    /// Runs `check` in-process, stdin the file at `input`, stdout on `stdout`; returns the code, stderr, and how far
    /// into its input `check` read.
    private static func check(
        input: String, stdout: Int32, in directory: TemporaryDirectory
    ) throws -> (code: ExitCode, errors: String, readTo: Int) {
        let stdin = open(input, O_RDONLY | O_CLOEXEC)
        try #require(stdin >= 0)
        defer { close(stdin) }
        let stderr = CapturedOutput()
        let context = CLIContext(
            stdout: FileDescriptorSink(descriptor: stdout), stderr: stderr, stdinDescriptor: stdin,
            currentDirectory: directory.url.path)
        let code = withPipeSignalBlocked {
            PolicyAuditCLI.run(["check", "--policy", CLIHarness.example("seed.json")], context: context)
        }
        return (code, stderr.text, Int(lseek(stdin, 0, SEEK_CUR)))
    }

    @Test("check on a full disk stops at the first failed write, not after reading all of its input: 74, one line")
    func checkStopsOnAFullDisk() throws {
        let directory = try TemporaryDirectory(prefix: "pwaudit-stdout")
        let (input, size) = try Self.manyCandidates(in: directory)
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0)
        defer { close(full) }
        let (code, errors, readTo) = try Self.check(input: input, stdout: full, in: directory)
        #expect(code == .ioError)
        #expect(errors == Self.fullDisk)
        // Its first 64 KiB of verdicts fail; by then it has read one or two 64 KiB chunks, not the 8 MiB.
        #expect(readTo <= 256 << 10, "check read \(readTo) of \(size) bytes after its output failed")
    }

    @Test("check into a pipe whose reader is gone stops at once: .brokenPipe, nothing on stderr, input not read on")
    func checkStopsOnAClosedPipe() throws {
        let directory = try TemporaryDirectory(prefix: "pwaudit-stdout")
        let (input, size) = try Self.manyCandidates(in: directory)
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let (code, errors, readTo) = try Self.check(input: input, stdout: ends[1], in: directory)
        #expect(code == .brokenPipe)
        #expect(errors == "")
        #expect(readTo <= 256 << 10, "check read \(readTo) of \(size) bytes after its output failed")
    }

    @Test("import --rejects - on a full disk stops at the first failed write: 74, and the run is not completed")
    func importRejectsStopOnAFullDisk() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let database = cli.directory + "/audit.db"
        #expect(try cli.run(["init", "--db", database]).code == .success)
        #expect(try cli.run(["policy", "add", CLIHarness.example("seed.json"), "--db", database]).code == .success)
        // 400,000 rows without a password, each rejected: about 7 MB of rejects CSV.
        let csv = try cli.write("rows.csv", "username,password\n" + String(repeating: "bob,\n", count: 400_000))
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0)
        defer { close(full) }
        let stderr = CapturedOutput()
        let context = CLIContext(
            stdout: FileDescriptorSink(descriptor: full), stderr: stderr, currentDirectory: cli.directory)
        let code = PolicyAuditCLI.run(["import", csv, "--db", database, "--rejects", "-"], context: context)
        #expect(code == .ioError)
        #expect(stderr.text.hasSuffix(Self.fullDisk), "\(stderr.text)")
        let runs = try cli.run(["runs", "--db", database]).out
        #expect(runs.contains(" failed "), "the import went on to the end: \(runs)")
        #expect(!runs.contains("complete"), "the import went on to the end: \(runs)")
    }
}
