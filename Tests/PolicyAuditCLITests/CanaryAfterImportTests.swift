import AuditCrypto
import AuditRepositories
import Foundation
import PolicyAudit
import PolicyStore
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI
@testable import PolicyReports

/// After a full import of a corpus holding unique canary passwords, no byte of the database, its WAL and SHM, the key
/// file, the rejects file, the printed output or a rendered report holds a canary or its plain MD5/SHA-1/SHA-256.
@Suite("Canary passwords leave no trace after an import")
struct CanaryAfterImportTests {
    @Test("no trace of an accepted or a rejected canary in any file or output")
    func noTrace() throws {
        let sandbox = try ImportSandbox(policies: ["seed", "nist", "strict"])
        let accepted = "Canary-\(UUID().uuidString)-pässwörd!"
        let rejected = "Canary-\(UUID().uuidString)-rejected"
        let csv = sandbox.path("corpus.csv")
        if SharedBench.isAvailable {
            _ = try SharedBench.generate(["--rows", "20000", "--seed", "11"], output: csv)
        } else {
            var text = "id,username,email,password,submitted_at\n"
            for index in 0..<20_000 {
                text += "\(index),u\(index),u\(index)@x.org,Pw\(index)!abc,2026-01-01T00:00:00Z\n"
            }
            try sandbox.write("corpus.csv", text)
        }
        let handle = try #require(FileHandle(forWritingAtPath: csv))
        try handle.seekToEnd()
        try handle.write(
            contentsOf: Data(
                ("900001,canary_user,canary@example.org,\(accepted),2026-05-05T00:00:00Z\n"
                    + "900002,canary_two,canary2@example.org,\(rejected),2026-05-05T00:00:00Z,extra\n").utf8))
        try handle.close()

        let database = sandbox.databasePath
        let rejects = sandbox.path("rejects.csv")
        let files = [database, database + "-wal", database + "-shm", database + ".key", rejects]
        var outputs: [String] = []
        do {
            // A second connection held open keeps the WAL file after the import's own connection closes.
            let holder = try sandbox.database()
            let result = sandbox.run(["import", csv, "--rejects", rejects])
            #expect(result.code == .dataError)
            #expect(Array(try sandbox.rejectedRows().values) == ["field-count"])
            outputs += [result.out, result.err]
            #expect(FileManager.default.fileExists(atPath: database + "-wal"))
            try Self.assertNoTrace(of: [accepted, rejected], in: files, outputs: outputs)
            _ = holder
        }
        let workspace = try AuditWorkspace.open(AuditLocation(databasePath: database))
        let builder = RunReportBuilder(workspace: workspace)
        let report = Report.run(try builder.build(run: try builder.run(nil)))
        outputs += ReportFormat.allCases.map { report.rendered(as: $0) }
        try Self.assertNoTrace(of: [accepted, rejected], in: files, outputs: outputs)
    }

    static func assertNoTrace(of canaries: [String], in paths: [String], outputs: [String]) throws {
        let scan = CanaryScan(canaries: canaries)
        try scan.expectNoTrace(in: paths, outputs: outputs.enumerated().map { ("output \($0.offset)", $0.element) })
        // Positive control: the canary row's stored username is on disk, so the scan saw the written rows.
        let sawControl = try paths.filter { FileManager.default.fileExists(atPath: $0) }.contains { path in
            bytes([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), contain: Array("canary_user".utf8))
        }
        #expect(sawControl, "the canary row's username was not found on disk: the scan missed the data")
    }
}
