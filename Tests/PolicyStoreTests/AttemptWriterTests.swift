import AuditCrypto
import AuditRepositories
import Testing

@testable import PolicyStore

@Suite struct AttemptWriterTests {
    private func setUp() throws -> (Database, StoredVersion, StoredRun) {
        let database = try migratedInMemoryDatabase()
        let version = try addVersion(SQLitePolicyRepository(database: database)).version
        return (database, version, try startRun(database, versionIDs: [version.id]))
    }

    /// A version added to `run` after its import, as `pwaudit rescore` adds one: no inline slot.
    private func lateVersion(_ database: Database, run: StoredRun) throws -> Int64 {
        let late = try addVersion(SQLitePolicyRepository(database: database), definition: "{\"late\":1}").version.id
        try SQLiteRunRepository(database: database).addVersions(runID: run.id, versionIDs: [late])
        return late
    }

    @Test func rowsSurviveAcrossManyBatchesAndStatements() throws {
        let (database, version, run) = try setUp()
        // Small transactions force several commits; batches of 5 use both the multi-row and the one-row statements.
        let writer = try AttemptWriter(database: database, rowsPerTransaction: 7, candidatesPerStatement: 4)
        var ids: [Int64] = []
        for first in stride(from: 2, to: 105, by: 5) {
            let rows = (first..<min(first + 5, 105)).map { line in
                TestCandidate(
                    line: line, externalID: "E\(line)", username: line % 2 == 0 ? "u\(line)" : nil,
                    submittedAt: "2026-03-0\(line % 9 + 1)T10:00:00Z",
                    features: CandidateFeatureRow(length: line, upperCount: 1), masks: [UInt64(line)])
            }
            ids += try insert(writer, runID: run.id, versionIDs: [version.id], rows)
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
        try insert(
            writer, runID: run.id, versionIDs: [version.id],
            masks.enumerated().map { TestCandidate(line: $0.offset + 2, masks: [$0.element]) })
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
        let (database, _, run) = try setUp()
        let late = try lateVersion(database, run: run)
        let writer = try AttemptWriter(database: database)
        let error = #expect(throws: SQLiteError.self) {
            try database.inTransaction {
                try database.execute("INSERT INTO rejected_row (run_id, line, reason) VALUES (\(run.id), 2, 'bad-row')")
                try writer.insertOutcomes(
                    runID: run.id, versionID: late, candidateIDs: [CandidateID.make(runID: run.id, ordinal: 99)],
                    masks: [0])
            }
        }
        #expect(error?.isConstraintViolation == true)
        // The failed transaction was rolled back and foreign keys are on for the connection.
        #expect(try count(database, "SELECT count(*) FROM rejected_row") == 0)
        #expect(!database.isInsideTransaction)
        #expect(try count(database, "PRAGMA foreign_keys") == 1)
    }

    @Test func attemptForAVersionTheRunDoesNotScoreFails() throws {
        let (database, _, run) = try setUp()
        let other = try addVersion(SQLitePolicyRepository(database: database), definition: "{\"v\":9}").version
        let writer = try AttemptWriter(database: database)
        let error = #expect(throws: SQLiteError.self) {
            try insert(writer, runID: run.id, versionIDs: [other.id], [TestCandidate(line: 2, masks: [0])])
        }
        #expect(error?.isConstraintViolation == true)
        let id = try insert(writer, runID: run.id, versionIDs: [], [TestCandidate(line: 2)]).lowerBound
        try writer.finish()
        let rescore = #expect(throws: SQLiteError.self) {
            try database.inTransaction {
                try writer.insertOutcomes(runID: run.id, versionID: other.id, candidateIDs: [id], masks: [0])
            }
        }
        #expect(rescore?.isConstraintViolation == true)
    }

    @Test func candidateForAMissingOrFinishedRunFails() throws {
        let (database, _, run) = try setUp()
        try SQLiteRunRepository(database: database).complete(
            runID: run.id, sourceBytes: run.sourceBytes, sourceSHA256: run.sourceSHA256, rowsRead: 0, rowsAccepted: 0,
            rowsRejected: 0)
        for runID in [run.id, 4242] {
            let writer = try AttemptWriter(database: database)
            #expect(throws: SQLiteError.self) {
                try insert(writer, runID: runID, versionIDs: [], [TestCandidate(line: 2)])
            }
        }
        #expect(try count(database, "SELECT count(*) FROM candidate") == 0)
    }

    @Test func droppingTheWriterWithoutFinishDiscardsTheOpenBatch() throws {
        let (database, version, run) = try setUp()
        do {
            let writer = try AttemptWriter(database: database)
            try insert(writer, runID: run.id, versionIDs: [version.id], [TestCandidate(line: 2, masks: [0])])
        }
        #expect(!database.isInsideTransaction)
        #expect(try count(database, "SELECT count(*) FROM candidate") == 0)
        #expect(try count(database, "PRAGMA foreign_keys") == 1)
    }

    @Test func secondWriterContinuesTheRunsOrdinals() throws {
        let (database, _, run) = try setUp()
        for line in 2...3 {
            let writer = try AttemptWriter(database: database)
            let ids = try insert(writer, runID: run.id, versionIDs: [], [TestCandidate(line: line)])
            #expect(ids.lowerBound == CandidateID.make(runID: run.id, ordinal: Int64(line - 1)))
            try writer.finish()
        }
    }
}
