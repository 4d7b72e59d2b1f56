import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// Issue 10, defect 1: a failed write to standard output (a full disk, a closed pipe) exits 74 with one line on
/// stderr, never 0; the binary ignores SIGPIPE so that a closed pipe is an error it reports, not a silent death.
@Suite("stdout write failures exit 74")
struct StdoutFailureTests {
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
        #expect(stderr.text == "Error: cannot write standard output: \(String(cString: strerror(ENOSPC)))\n")
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

    /// Runs the built binary with `arguments`, its stdout on `stdout`; returns its status and stderr.
    private func runBinary(_ arguments: [String], stdout: FileHandle) throws -> (Process, String) {
        let process = Process()
        process.executableURL = BuiltBinary.url  // the suite runs only when it exists
        process.arguments = arguments
        process.standardOutput = stdout
        let errors = Pipe()
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process, text)
    }

    @Test(
        "the binary: help to /dev/full exits 74 with the reason on stderr",
        .enabled(if: BuiltBinary.url != nil, "no built pwaudit executable"))
    func binaryFullDisk() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let (process, errors) = try runBinary(["--help"], stdout: full)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 74)
        #expect(errors == "Error: cannot write standard output: \(String(cString: strerror(ENOSPC)))\n")
    }

    @Test(
        "the binary: help into a pipe whose reader is gone exits 74 (EPIPE), not killed by SIGPIPE",
        .enabled(if: BuiltBinary.url != nil, "no built pwaudit executable"))
    func binaryClosedPipe() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        // The read end is closed in this process before the child starts, and is close-on-exec for the child.
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        close(ends[0])
        let writer = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        let (process, errors) = try runBinary(["--help"], stdout: writer)
        #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 74)
        #expect(errors == "Error: cannot write standard output: \(String(cString: strerror(EPIPE)))\n")
    }
}
