import AuditCrypto
import Testing

@testable import PolicyStore

@Suite struct AttemptWriterTests {
    private func setUp() throws -> (Database, PolicyVersionRecord, RunRecord) {
        let database = try migratedInMemoryDatabase()
        let version = try addVersion(SQLitePolicyRepository(database: database)).version
        return (database, version, try startRun(database, versionIDs: [version.id]))
    }

    @Test func rowsSurviveAcrossManyBatchesAndStatements() throws {
        let (database, version, run) = try setUp()
        // Small batches force several commits and both the multi-row and the one-row statements.
        let writer = try AttemptWriter(database: database, rowsPerTransaction: 7, candidatesPerStatement: 4)
        var ids: [Int64] = []
        for line in 2..<105 {
            let id = try writer.insertCandidate(
                runID: run.id, line: line, externalID: "E\(line)", username: line % 2 == 0 ? "u\(line)" : nil,
                submittedAt: "2026-03-0\(line % 9 + 1)T10:00:00Z", fingerprint: someFingerprint,
                features: CandidateFeatureRow(length: line, upperCount: 1))
            try writer.insertAttempt(
                candidateID: id, versionID: version.id, failedMask: UInt64(line), unlocksReset: false)
            ids.append(id)
        }
        try writer.finish()
        #expect(ids == Array(CandidateID.range(runID: run.id).prefix(103)))
        #expect(try count(database, "SELECT count(*) FROM candidate WHERE run_id = \(run.id)") == 103)
        #expect(try count(database, "SELECT sum(failed_mask) FROM attempt") == (2..<105).reduce(0, +))
        #expect(try count(database, "SELECT count(*) FROM candidate WHERE username IS NULL") == 51)
        #expect(try count(database, "SELECT length FROM candidate WHERE line = 50") == 50)
        let statement = try database.makeStatement("SELECT fingerprint FROM candidate LIMIT 1")
        _ = try statement.step()
        #expect(statement.blob(at: 0) == someFingerprint.bytes)
        #expect(!database.isInsideTransaction)
        #expect(try count(database, "PRAGMA foreign_keys") == 1)
    }

    @Test func fullSixtyFourBitMaskRoundTripsAndPerRuleCountsWork() throws {
        let (database, version, run) = try setUp()
        let writer = try AttemptWriter(database: database)
        let masks: [UInt64] = [0, 1 << 63, 0b101, .max]
        for (offset, mask) in masks.enumerated() {
            let id = try writer.insertCandidate(
                runID: run.id, line: offset + 2, externalID: nil, username: nil, submittedAt: nil,
                fingerprint: someFingerprint, features: someFeatures)
            try writer.insertAttempt(candidateID: id, versionID: version.id, failedMask: mask, unlocksReset: mask == 0)
        }
        try writer.finish()
        let statement = try database.makeStatement("SELECT failed_mask FROM attempt ORDER BY candidate_id")
        var stored: [UInt64] = []
        while try statement.step() { stored.append(UInt64(bitPattern: statement.int64(at: 0))) }
        #expect(stored == masks)
        #expect(try count(database, "SELECT count(*) FROM attempt WHERE failed_mask & (1 << 63) != 0") == 2)
        #expect(try count(database, "SELECT count(*) FROM attempt WHERE failed_mask & (1 << 2) != 0") == 2)
        #expect(try count(database, "SELECT count(*) FROM v_attempt WHERE failed_rules = 'min-length,digit'") == 1)
    }

    @Test func attemptForAMissingCandidateFails() throws {
        let (database, version, run) = try setUp()
        let writer = try AttemptWriter(database: database)
        try writer.insertRejected(runID: run.id, line: 2, reason: "bad-row")
        let error = #expect(throws: SQLiteError.self) {
            try writer.insertAttempt(
                candidateID: CandidateID.make(runID: run.id, ordinal: 99), versionID: version.id, failedMask: 0,
                unlocksReset: true)
        }
        #expect(error?.isConstraintViolation == true)
        // The failed batch was rolled back and foreign keys are back on for the connection.
        #expect(try count(database, "SELECT count(*) FROM rejected_row") == 0)
        #expect(!database.isInsideTransaction)
        #expect(try count(database, "PRAGMA foreign_keys") == 1)
    }

    @Test func attemptForAVersionTheRunDoesNotScoreFails() throws {
        let (database, _, run) = try setUp()
        let other = try addVersion(SQLitePolicyRepository(database: database), definition: "{\"v\":9}").version
        let writer = try AttemptWriter(database: database)
        let id = try writer.insertCandidate(
            runID: run.id, line: 2, externalID: nil, username: nil, submittedAt: nil, fingerprint: someFingerprint,
            features: someFeatures)
        let error = #expect(throws: SQLiteError.self) {
            try writer.insertAttempt(candidateID: id, versionID: other.id, failedMask: 0, unlocksReset: true)
        }
        #expect(error?.isConstraintViolation == true)
    }

    @Test func candidateForAMissingOrFinishedRunFails() throws {
        let (database, _, run) = try setUp()
        try SQLiteRunRepository(database: database).complete(
            runID: run.id, sourceBytes: run.sourceBytes, sourceSHA256: run.sourceSHA256, rowsRead: 0, rowsAccepted: 0,
            rowsRejected: 0)
        for runID in [run.id, 4242] {
            let writer = try AttemptWriter(database: database)
            #expect(throws: SQLiteError.self) {
                try writer.insertCandidate(
                    runID: runID, line: 2, externalID: nil, username: nil, submittedAt: nil,
                    fingerprint: someFingerprint, features: someFeatures)
            }
        }
        #expect(try count(database, "SELECT count(*) FROM candidate") == 0)
    }

    @Test func droppingTheWriterWithoutFinishDiscardsTheOpenBatch() throws {
        let (database, version, run) = try setUp()
        do {
            let writer = try AttemptWriter(database: database)
            let id = try writer.insertCandidate(
                runID: run.id, line: 2, externalID: nil, username: nil, submittedAt: nil, fingerprint: someFingerprint,
                features: someFeatures)
            try writer.insertAttempt(candidateID: id, versionID: version.id, failedMask: 0, unlocksReset: true)
        }
        #expect(!database.isInsideTransaction)
        #expect(try count(database, "SELECT count(*) FROM candidate") == 0)
        #expect(try count(database, "PRAGMA foreign_keys") == 1)
    }

    @Test func secondWriterContinuesTheRunsOrdinals() throws {
        let (database, _, run) = try setUp()
        for line in 2...3 {
            let writer = try AttemptWriter(database: database)
            let id = try writer.insertCandidate(
                runID: run.id, line: line, externalID: nil, username: nil, submittedAt: nil,
                fingerprint: someFingerprint, features: someFeatures)
            #expect(id == CandidateID.make(runID: run.id, ordinal: Int64(line - 1)))
            try writer.finish()
        }
    }
}
