import AuditCrypto
import AuditRepositories
import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyStore

/// No trace of a password may reach the database, its WAL/SHM files or the key file.
@Suite struct CanaryTests {
    @Test func canaryPasswordLeavesNoTraceOnDisk() throws {
        let directory = try TemporaryDirectory()
        let databasePath = directory.path("audit.db")
        let keyPath = databasePath + ".key"
        let canary = "Canary-\(UUID().uuidString)-pässwörd!"
        let files = [databasePath, databasePath + "-wal", databasePath + "-shm", keyPath]

        do {
            let database = try Database(path: databasePath)
            try Migrator().migrate(database)
            let key = try FingerprintKeyStore.create(at: keyPath)
            let version = try addVersion(SQLitePolicyRepository(database: database)).version
            let run = try startRun(database, versionIDs: [version.id])
            let writer = try AttemptWriter(database: database)
            try insert(
                writer, runID: run.id, versionIDs: [version.id],
                [
                    TestCandidate(
                        line: 2, externalID: "1", username: "alice", submittedAt: "2026-03-01T10:00:00Z",
                        fingerprint: Fingerprinter(key: key).fingerprint(utf8: canary),
                        features: CandidateFeatureRow(
                            length: canary.count, upperCount: 1, lowerCount: 20, digitCount: 4),
                        masks: [0b10])
                ])
            try writer.finish()
            try SQLiteRunRepository(database: database).complete(
                runID: run.id, sourceBytes: run.sourceBytes, sourceSHA256: run.sourceSHA256, rowsRead: 1,
                rowsAccepted: 1, rowsRejected: 0)
            // While the connection is open the rows may still live only in the WAL.
            try assertNoTrace(of: canary, in: files)
        }
        #expect(FileManager.default.fileExists(atPath: databasePath))
        try assertNoTrace(of: canary, in: files)
    }

    private func assertNoTrace(of canary: String, in paths: [String]) throws {
        // The shared scan (plaintext, a fragment without the non-ASCII tail, UTF-16, MD5/SHA-1/SHA-256 hex and bytes).
        try CanaryScan(canaries: [canary], fragmentLength: 43).expectNoTrace(in: paths, outputs: [])
        var sawControl = false
        for path in paths where FileManager.default.fileExists(atPath: path) {
            let haystack = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            sawControl = sawControl || bytes(haystack, contain: Array("alice".utf8))
        }
        // Positive control: the row's stored username is on disk, so the scan looked at the written data.
        #expect(sawControl, "the stored username was not found: the scan missed the data")
    }
}
