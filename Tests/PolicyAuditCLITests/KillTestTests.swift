import Foundation
import PolicyAudit
import PolicyStore
import Testing

@testable import PolicyAuditCLI

/// The built `pwaudit` executable, found beside the test bundle (same configuration), else in `<repo>/.build`.
enum BuiltBinary {
    static let url: URL? = {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("pwaudit"))
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("pwaudit"))
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("pwaudit"))
        for configuration in ["debug", "release"] {
            candidates.append(ImportSandbox.repository.appendingPathComponent(".build/\(configuration)/pwaudit"))
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()
}

/// SIGKILL a real `pwaudit import` mid-run: the database stays intact, the run is not complete, `runs` lists it,
/// reports skip it, `runs delete` removes it, and a fresh import succeeds.
@Suite(
    "pwaudit import killed mid-run",
    .enabled(if: BuiltBinary.url != nil, "skipped: no built pwaudit executable beside the tests or in .build/"))
struct KillTestTests {
    static func corpus(rows: Int, salt: String) -> String {
        var text = "id,username,email,password,submitted_at\n"
        text.reserveCapacity(rows * 64)
        let words = ["summer", "Dragon", "p@ss", "Correct Horse", "qwerty", "Zebra!9", "letmein", "Ünïcödé"]
        for index in 0..<rows {
            let word = words[index % words.count]
            text += "\(index),user\(index % 9_973),u\(index)@corp.example,\(word)\(salt)\(index * 7_919 % 100_003)!,"
            text += "2026-0\(index % 9 + 1)-1\(index % 10)T12:00:00Z\n"
        }
        return text
    }

    @Test("SIGKILL after rows were committed: integrity ok, run stale, listed, excluded, deletable; new import works")
    func killMidRun() throws {
        let binary = try #require(BuiltBinary.url)
        let sandbox = try ImportSandbox(policies: ["seed", "nist", "strict"])
        let big = try sandbox.write("big.csv", Self.corpus(rows: 1_500_000, salt: "k"))

        let process = Process()
        process.executableURL = binary
        process.arguments = ["import", big, "--db", sandbox.databasePath]
        process.standardOutput = FileHandle.nullDevice
        let errors = sandbox.path("import.err")
        FileManager.default.createFile(atPath: errors, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errors)
        try process.run()
        let pid = process.processIdentifier

        // Wait until the run exists and some candidates are committed (a reader sees only committed rows).
        var committed: Int64 = 0
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline {
            if let reader = try? Database(path: sandbox.databasePath, mode: .readOnly),
                let statement = try? reader.makeStatement("SELECT count(*) FROM candidate"),
                (try? statement.step()) == true
            {
                committed = statement.int64(at: 0)
                if committed > 0 { break }
            }
            // A blocking sleep: an async one would wait for a free thread of the shared pool, which the suite's
            // other tests can hold for the whole import.
            usleep(20_000)
        }
        let ended = process.isRunning ? "" : ((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
        try #require(process.isRunning, "the import ended before it could be killed: \(ended)")
        try #require(committed > 0, "no rows were committed within the time limit")
        kill(pid, SIGKILL)
        process.waitUntilExit()
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
        #expect(throws: AuditStoreError.unknownRun(reference: "latest")) { try builder.run(nil) }
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
