import Foundation
import Testing

@testable import PolicyAuditCLI

/// Issue 10, defect 1: no output option can destroy the database, its journals, its key or the input; `-` is
/// standard output for `--rejects` as for `--output`; outputs write through links and FIFOs.
@Suite("output paths never destroy inputs")
struct OutputClashCommandTests {
    static let csv = "id,username,password\n1,anna,Password1!\n2,bob\n"

    @Test(
        "import --rejects naming the database, its WAL, its key or the input: usage error 64, nothing touched, no run",
        arguments: [
            ("audit.db", "the database"), ("audit.db-wal", "the database's write-ahead log"),
            ("audit.db.key", "the key file"), ("c.csv", "the input file"),
        ])
    func rejectsClash(name: String, role: String) throws {
        let sandbox = try ImportSandbox()
        let input = try sandbox.write("c.csv", Self.csv)
        let before = try [sandbox.databasePath, sandbox.databasePath + ".key", input].map {
            try Data(contentsOf: URL(fileURLWithPath: $0))
        }
        let result = sandbox.run(["import", "c.csv", "--rejects", name])
        #expect(result.code == .usage)
        #expect(result.errLines.first == "Error: --rejects '\(name)' is \(role); choose another file")
        #expect(result.errLines.dropFirst().first?.hasPrefix("Usage: pwaudit import") == true)
        let after = try [sandbox.databasePath, sandbox.databasePath + ".key", input].map {
            try Data(contentsOf: URL(fileURLWithPath: $0))
        }
        #expect(after[1] == before[1] && after[2] == before[2])
        #expect(after[0].prefix(16) == Data("SQLite format 3\0".utf8))
        #expect(try sandbox.integer("SELECT count(*) FROM import_run") == 0, "refused before the run was created")
    }

    @Test("import - with stdin redirected from c.csv refuses --rejects c.csv: it is the input")
    func rejectsClashWithRedirectedStdin() throws {
        let sandbox = try ImportSandbox()
        let input = try sandbox.write("c.csv", Self.csv)
        let descriptor = open(input, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let result = sandbox.run(["import", "-", "--rejects", "c.csv"], stdin: descriptor)
        #expect(result.code == .usage)
        #expect(result.errLines.first == "Error: --rejects 'c.csv' is the input file; choose another file")
        #expect(try String(contentsOfFile: input, encoding: .utf8) == Self.csv)
    }

    @Test("report, compare and history -o naming the database or its key are refused with 64")
    func reportOutputClash() throws {
        let sandbox = try ImportSandbox(policies: ["seed", "nist"])
        try sandbox.write("c.csv", Self.csv)
        #expect(sandbox.run(["import", "c.csv"]).code == .dataError)
        for arguments in [["report"], ["history", "--policy", "seed"], ["compare", "seed@1", "nist@1"]] {
            for target in ["audit.db", "audit.db.key", "audit.db-shm"] {
                let result = sandbox.run(arguments + ["-o", target])
                #expect(result.code == .usage, "\(arguments) -o \(target): \(result.err)")
                #expect(result.err.hasPrefix("Error: --output '\(target)' is the "), "\(result.err)")
            }
        }
        #expect(try sandbox.integer("SELECT count(*) FROM import_run") == 1, "the database is intact")
    }

    @Test("--rejects - writes the rejects CSV on stdout and moves the summary to stderr")
    func rejectsToStdout() throws {
        let sandbox = try ImportSandbox()
        try sandbox.write("c.csv", Self.csv)
        let result = sandbox.run(["import", "c.csv", "--rejects", "-"])
        #expect(result.code == .dataError)
        #expect(result.out == "line,reason\n3,field-count\n")
        #expect(result.err.contains("run 1: 2 rows, 1 rejected"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("-")))
    }

    @Test("report -o through a symbolic link replaces the link's target and keeps the link")
    func reportThroughSymlink() throws {
        let sandbox = try ImportSandbox()
        try sandbox.write("c.csv", Self.csv)
        _ = sandbox.run(["import", "c.csv"])
        try sandbox.write("real.json", "old")
        #expect(symlink("real.json", sandbox.path("link.json")) == 0)
        let result = sandbox.run(["report", "--format", "json", "-o", "link.json"])
        #expect(result.code == .success, "\(result.err)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.path("link.json")) == "real.json")
        #expect(try String(contentsOfFile: sandbox.path("real.json"), encoding: .utf8).hasPrefix("{"))
    }
}
