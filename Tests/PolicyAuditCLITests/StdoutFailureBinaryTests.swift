import Foundation
import PwauditTestSupport
import Testing

/// The built binary whose standard output fails (issue 20, item 3): a reader gone away ends it at once and quietly,
/// by SIGPIPE itself (status 141 in a shell), whatever it was doing; a full disk is exit 74 with the reason.
@Suite(
    "the binary: stdout write failures",
    .enabled(if: BuiltBinary.url != nil, "no built pwaudit executable"))
struct StdoutFailureBinaryTests {
    /// A pipe: `[0]` to read, `[1]` to write.
    private static func makePipe() throws -> [Int32] {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        return ends
    }

    /// Runs the binary with `arguments`, stdout on `stdout`, stdin from /dev/null, stderr into a file of
    /// `directory`; returns how it ended (nil: not within 30 s) and its stderr.
    private static func run(
        _ arguments: [String], stdout: Int32, in directory: TemporaryDirectory
    ) throws -> (SpawnedChild.Ending?, String) {
        let errorsPath = directory.path("stderr-\(UUID().uuidString)")
        let errors = open(errorsPath, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { close(null) }
        let child = try SpawnedChild(
            try #require(BuiltBinary.url).path, arguments, stdin: null, stdout: stdout, stderr: errors)
        close(errors)
        let ending = child.wait(seconds: 30)
        return (ending, try String(contentsOfFile: errorsPath, encoding: .utf8))
    }

    /// A database with the seed policy and one complete import run, made in-process.
    private static func database(in cli: CLIHarness) throws -> String {
        let database = cli.directory + "/audit.db"
        #expect(try cli.run(["init", "--db", database]).code == .success)
        #expect(try cli.run(["policy", "add", CLIHarness.example("seed.json"), "--db", database]).code == .success)
        let csv = try cli.write("rows.csv", "username,password\nann,Password1!\nbob,short\n")
        #expect(try cli.run(["import", csv, "--db", database]).code == .success)
        return database
    }

    @Test("help into a pipe whose reader is gone: killed by SIGPIPE, nothing on stderr")
    func helpIntoAClosedPipe() throws {
        let directory = try TemporaryDirectory(prefix: "pwaudit-stdout")
        let ends = try Self.makePipe()
        close(ends[0])
        defer { close(ends[1]) }
        let (ending, errors) = try Self.run(["--help"], stdout: ends[1], in: directory)
        #expect(ending == .signaled(SIGPIPE))
        #expect(errors == "")
    }

    @Test("help to /dev/full exits 74 with the reason on stderr")
    func helpToAFullDisk() throws {
        let directory = try TemporaryDirectory(prefix: "pwaudit-stdout")
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0)
        defer { close(full) }
        let (ending, errors) = try Self.run(["--help"], stdout: full, in: directory)
        #expect(ending == .exited(74))
        #expect(errors == StdoutFailureTests.fullDisk)
    }

    @Test("a report into a pipe whose reader is gone: killed by SIGPIPE, nothing on stderr; to /dev/full: 74")
    func reportIntoAClosedPipe() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let database = try Self.database(in: cli)
        let directory = try TemporaryDirectory(prefix: "pwaudit-stdout")
        for format in ["table", "json", "csv"] {
            let ends = try Self.makePipe()
            close(ends[0])
            defer { close(ends[1]) }
            let (ending, errors) = try Self.run(
                ["report", "--db", database, "--format", format], stdout: ends[1], in: directory)
            #expect(ending == .signaled(SIGPIPE), "\(format)")
            #expect(errors == "", "\(format)")
        }
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0)
        defer { close(full) }
        let (ending, errors) = try Self.run(["report", "--db", database], stdout: full, in: directory)
        #expect(ending == .exited(74))
        #expect(errors == StdoutFailureTests.fullDisk)
    }

    /// Feeds `writer` (a command whose output never ends) to the binary running `arguments`, reads the first line of
    /// the binary's stdout and closes it, as `writer | pwaudit … | head -1` does; returns that line, how the binary
    /// ended (nil: not within 30 s, then killed) and its stderr.
    private static func endlessInput(
        _ writer: [String], into arguments: [String], in directory: TemporaryDirectory
    ) throws -> (line: String, ending: SpawnedChild.Ending?, errors: String) {
        let input = try makePipe()
        let output = try makePipe()
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(null) }
        let feeder = try SpawnedChild(writer[0], Array(writer.dropFirst()), stdin: null, stdout: input[1], stderr: null)
        defer { feeder.stop() }
        close(input[1])
        let errorsPath = directory.path("stderr-\(UUID().uuidString)")
        let errors = open(errorsPath, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        let child = try SpawnedChild(
            try #require(BuiltBinary.url).path, arguments, stdin: input[0], stdout: output[1], stderr: errors)
        close(input[0])
        close(output[1])
        close(errors)
        let line = readFirstLineAndClose(output[0])
        let ending = child.wait(seconds: 30)
        return (line, ending, try String(contentsOfFile: errorsPath, encoding: .utf8))
    }

    @Test(
        "yes 'Password1!' | pwaudit check --policy P | head -1 ends at once, by SIGPIPE, with nothing on stderr",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/yes"), "no /usr/bin/yes"))
    func endlessCheckIntoHead() throws {
        let directory = try TemporaryDirectory(prefix: "pwaudit-stdout")
        let (line, ending, errors) = try Self.endlessInput(
            ["/usr/bin/yes", "Password1!"], into: ["check", "--policy", CLIHarness.example("seed.json")],
            in: directory)
        #expect(line == #"{"line":1,"unlocksReset":true,"failing":[]}"# + "\n")
        #expect(ending == .signaled(SIGPIPE), "check went on after its reader was gone")
        #expect(errors == "")
    }

    @Test(
        "an endless import from stdin with --rejects - into head -1 ends at once, by SIGPIPE; its run is not complete",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/sh"), "no /bin/sh"))
    func endlessImportIntoHead() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let database = try Self.database(in: cli)
        let directory = try TemporaryDirectory(prefix: "pwaudit-stdout")
        let (line, ending, errors) = try Self.endlessInput(
            ["/bin/sh", "-c", "echo username,password; exec yes bob,"],
            into: ["import", "-", "--db", database, "--rejects", "-"], in: directory)
        #expect(line == "line,reason\n")
        #expect(ending == .signaled(SIGPIPE), "import went on after its reader was gone")
        #expect(errors == "")
        let runs = try cli.run(["runs", "--db", database]).out
        #expect(runs.split(separator: "\n").filter { $0.contains(" complete ") }.count == 1, "\(runs)")
    }
}
