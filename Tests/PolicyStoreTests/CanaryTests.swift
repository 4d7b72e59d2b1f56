import AuditCrypto
import Foundation
import Testing

@testable import PolicyStore

/// No trace of a password may reach the database, its WAL/SHM files or the key file.
@Suite struct CanaryTests {
    @Test func canaryPasswordLeavesNoTraceOnDisk() throws {
        let directory = try TemporaryDirectory()
        let databasePath = directory.path("audit.db")
        let keyPath = FingerprintKeyStore.defaultPath(forDatabaseAt: databasePath)
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
        let sha1 = LeakCheckDigest.sha1.hexDigest(utf8: canary)
        let sha256 = SHA256.hexDigest(utf8: canary)
        let needles: [(String, [UInt8])] = [
            ("plaintext", Array(canary.utf8)),
            ("plaintext without the non-ASCII tail", Array(canary.prefix(43).utf8)),
            ("SHA-1 hex", Array(sha1.utf8)), ("SHA-1 HEX", Array(sha1.uppercased().utf8)),
            ("SHA-256 hex", Array(sha256.utf8)), ("SHA-256 HEX", Array(sha256.uppercased().utf8)),
            ("SHA-256 bytes", SHA256.digest(utf8: canary)),
        ]
        var sawControl = false
        for path in paths where FileManager.default.fileExists(atPath: path) {
            let haystack = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            sawControl = sawControl || contains(haystack, Array("alice".utf8))
            for (what, needle) in needles {
                #expect(!contains(haystack, needle), "\(what) of the canary found in \(path)")
            }
        }
        // Positive control: the row's stored username is on disk, so the scan looked at the written data.
        #expect(sawControl, "the stored username was not found: the scan missed the data")
    }

    private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        let first = needle[0]
        for start in 0...(haystack.count - needle.count) where haystack[start] == first {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
