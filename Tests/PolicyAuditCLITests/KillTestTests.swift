import AuditRepositories
import Foundation
import PolicyAudit
import PolicyStore
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// SIGKILL a real `pwaudit import` mid-run: the database stays intact, the run is not complete, `runs` lists it,
/// reports skip it, `runs delete` removes it, and a fresh import succeeds.
@Suite(
    "pwaudit import killed mid-run",
    .enabled(if: BuiltBinary.url != nil, "skipped: no built pwaudit executable beside the tests or in .build/"))
struct KillTestTests {
    static let corpusHeader = "id,username,email,password,submitted_at\n"

    static func corpus(rows: Int, salt: String) -> String { corpusHeader + corpusRows(0..<rows, salt: salt) }

    /// Rows `indices` of the synthetic corpus, without the header.
    static func corpusRows(_ indices: Range<Int>, salt: String) -> String {
        var text = ""
        text.reserveCapacity(indices.count * 64)
        let words = ["summer", "Dragon", "p@ss", "Correct Horse", "qwerty", "Zebra!9", "letmein", "Ünïcödé"]
        for index in indices {
            let word = words[index % words.count]
            text += "\(index),user\(index % 9_973),u\(index)@corp.example,\(word)\(salt)\(index * 7_919 % 100_003)!,"
            text += "2026-0\(index % 9 + 1)-1\(index % 10)T12:00:00Z\n"
        }
        return text
    }

    /// The candidates a reader sees in `databasePath` (only committed rows), or 0 while it cannot read them.
    static func committedCandidates(_ databasePath: String) -> Int64 {
        guard let reader = try? Database(path: databasePath, mode: .readOnly),
            let statement = try? reader.makeStatement("SELECT count(*) FROM candidate"),
            (try? statement.step()) == true
        else { return 0 }
        return statement.int64(at: 0)
    }

    @Test("SIGKILL after rows were committed: integrity ok, run stale, listed, excluded, deletable; new import works")
    func killMidRun() throws {
        let binary = try #require(BuiltBinary.url)
        let sandbox = try ImportSandbox(policies: ["seed", "nist", "strict"])
        // The import reads a FIFO the test writes: it cannot reach the end of its input, whatever the machine's
        // speed, so it is killed at a known point (blocked reading, after committed rows), not raced.
        let feed = try FIFOFeed(path: sandbox.path("big.csv"))

        let process = Process()
        process.executableURL = binary
        process.arguments = ["import", feed.path, "--db", sandbox.databasePath]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = sandbox.path("import.err")
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errors)
        try process.run()
        let pid = process.processIdentifier
        let stderr = { (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "" }
        try feed.open { process.isRunning }
        try feed.write(Self.corpusHeader)

        // Feed batches until a reader sees committed candidates (the writer commits every
        // `AttemptWriter.defaultRowsPerTransaction` rows), then stop writing: the import waits for more input.
        let chunk = 4_096  // `CSVImport.batchSize`: the rows the importer hands its writer at a time
        var written = 0
        var committed: Int64 = 0
        while committed == 0 && written < 4 * AttemptWriter.defaultRowsPerTransaction {
            try feed.write(Self.corpusRows(written..<(written + chunk), salt: "k"))
            written += chunk
            if written >= AttemptWriter.defaultRowsPerTransaction + 2 * chunk {
                _ = waitUntil {
                    committed = Self.committedCandidates(sandbox.databasePath)
                    return committed > 0 || !process.isRunning
                }
            }
            try #require(process.isRunning, "the import ended before it could be killed: \(stderr())")
        }
        try #require(committed > 0, "no rows were committed after \(written) rows: \(stderr())")
        try #require(process.isRunning, "the import ended before it could be killed: \(stderr())")
        kill(pid, SIGKILL)
        process.waitUntilExit()
        feed.finish()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGKILL)

        let database = try sandbox.database()
        let check = try database.makeStatement("PRAGMA integrity_check")
        #expect(try check.step())
        #expect(check.string(at: 0) == "ok")
        let status = try database.makeStatement("SELECT status, pid FROM import_run WHERE id = 1")
        #expect(try status.step())
        #expect(status.string(at: 0) == "running")
        #expect(status.int(at: 1) == Int(pid))
        #expect(try sandbox.integer("SELECT count(*) FROM candidate") >= committed)
        #expect(try sandbox.integer("SELECT count(*) FROM run_version_summary") == 0)

        let runs = sandbox.run(["runs"])
        #expect(runs.code == .success)
        let row = try #require(runs.out.split(separator: "\n").dropFirst().first)
        #expect(row.hasPrefix("1 ") && row.contains("stale") && row.contains("big.csv"), "\(runs.out)")

        // Reports exclude it: no latest complete run, and asking for it by id is refused.
        let workspace = try AuditWorkspace.open(AuditLocation(databasePath: sandbox.databasePath))
        let builder = RunReportBuilder(workspace: workspace)
        #expect(throws: ReportError.noCompleteRun(importing: nil)) { try builder.run(nil) }
        #expect(throws: ReportError.self) { try builder.run("1") }

        // A fresh import succeeds next to the stale run, and becomes the latest complete one.
        let small = try sandbox.write("small.csv", Self.corpus(rows: 20_000, salt: "s"))
        let fresh = sandbox.run(["import", small])
        #expect(fresh.code == .success, "\(fresh.err)")
        #expect(try builder.run(nil).id == 2)

        let deleted = sandbox.run(["runs", "delete", "1"])
        #expect(deleted.code == .success)
        #expect(try sandbox.integers("SELECT id FROM import_run") == [2])
        #expect(try sandbox.integer("SELECT count(*) FROM candidate") == 20_000)
        #expect(try sandbox.integer("SELECT count(*) FROM attempt") == 60_000)
        let recheck = try sandbox.database().makeStatement("PRAGMA integrity_check")
        #expect(try recheck.step())
        #expect(recheck.string(at: 0) == "ok")
    }
}
