import AuditCrypto
import AuditRepositories
import Testing

@testable import PolicyStore

/// Schema 2: a run's first four versions keep their outcomes in `candidate.mask_<slot>`, the rest in `attempt_row`,
/// and the `attempt` view shows both as one row per candidate × version.
@Suite struct InlineOutcomeTests {
    /// Writes one candidate of `run` with `masks` under `versionIDs` and returns its id.
    private func addCandidate(
        _ writer: AttemptWriter, run: StoredRun, line: Int, versionIDs: [Int64] = [], masks: [UInt64] = []
    ) throws -> Int64 {
        try insert(writer, runID: run.id, versionIDs: versionIDs, [TestCandidate(line: line, masks: masks)]).lowerBound
    }

    /// A version added to `run` after its import, as `pwaudit rescore` adds one: no inline slot.
    private func lateVersion(_ database: Database, run: StoredRun, definition: String = "{\"late\":1}") throws
        -> Int64
    {
        let late = try addVersion(SQLitePolicyRepository(database: database), definition: definition).version.id
        try SQLiteRunRepository(database: database).addVersions(runID: run.id, versionIDs: [late])
        return late
    }

    @Test func firstFourVersionsGetSlotsAndTheFifthUsesAttemptRows() throws {
        let (database, versions, run) = try databaseWithRun(versions: 5)
        #expect(try count(database, "SELECT count(*) FROM import_run_policy WHERE slot IS NOT NULL") == 4)
        #expect(try count(database, "SELECT slot FROM import_run_policy WHERE policy_version_id = \(versions[3])") == 3)
        let writer = try AttemptWriter(database: database, candidatesPerStatement: 2)
        let rows = (2..<9).map { line in
            TestCandidate(
                line: line, masks: versions.indices.map { UInt64(line * 10 + $0) | ($0 == 1 ? 1 << 63 : 0) })
        }
        try insert(writer, runID: run.id, versionIDs: versions, rows)
        try writer.finish()
        #expect(try count(database, "SELECT count(*) FROM candidate") == 7)
        #expect(try count(database, "SELECT count(*) FROM attempt_row") == 7)
        #expect(try count(database, "SELECT count(*) FROM attempt") == 35)
        #expect(try count(database, "SELECT count(*) FROM v_attempt") == 35)
        #expect(try count(database, "SELECT count(*) FROM attempt WHERE failed_mask & (1 << 63) != 0") == 7)
        for (index, version) in versions.enumerated() where index != 1 {
            let sql = "SELECT sum(failed_mask) FROM attempt WHERE policy_version_id = \(version)"
            #expect(try count(database, sql) == (2..<9).reduce(0) { $0 + $1 * 10 + index })
        }
        #expect(try count(database, "SELECT mask_2 FROM candidate WHERE line = 4") == 42)
        #expect(try count(database, "SELECT count(*) FROM candidate WHERE mask_0 IS NULL OR mask_3 IS NULL") == 0)
    }

    @Test func unlocksResetOfAnInlineOutcomeIsAZeroMask() throws {
        let (database, versions, run) = try databaseWithRun(versions: 2)
        let writer = try AttemptWriter(database: database)
        _ = try addCandidate(writer, run: run, line: 2, versionIDs: versions, masks: [0, 4])
        try writer.finish()
        #expect(try count(database, "SELECT unlocks_reset FROM attempt WHERE policy_version_id = \(versions[0])") == 1)
        #expect(try count(database, "SELECT unlocks_reset FROM attempt WHERE policy_version_id = \(versions[1])") == 0)
    }

    @Test func candidateWithoutItsOutcomeShowsNoAttempt() throws {
        let (database, _, run) = try databaseWithRun(versions: 2)
        let writer = try AttemptWriter(database: database)
        _ = try addCandidate(writer, run: run, line: 2)
        try writer.finish()
        #expect(try count(database, "SELECT count(*) FROM candidate") == 1)
        #expect(try count(database, "SELECT count(*) FROM attempt") == 0)
    }

    @Test func lateOutcomesOfAnInlineVersionAreRefused() throws {
        let (database, versions, run) = try databaseWithRun(versions: 1)
        let first = try AttemptWriter(database: database)
        let id = try addCandidate(first, run: run, line: 2)
        try first.finish()
        let second = try AttemptWriter(database: database)
        let error = #expect(throws: SQLiteError.self) {
            try database.inTransaction {
                try second.insertOutcomes(runID: run.id, versionID: versions[0], candidateIDs: [id], masks: [9])
            }
        }
        #expect(error?.isConstraintViolation == true)
        #expect(try count(database, "SELECT count(*) FROM attempt") == 0)
        #expect(try count(database, "SELECT count(*) FROM attempt_row") == 0)
    }

    @Test(arguments: [false, true])
    func secondOutcomeForTheSameCandidateAndVersionFails(afterCommit: Bool) throws {
        let (database, versions, run) = try databaseWithRun(versions: 1)
        let writer = try AttemptWriter(database: database)
        let id = try addCandidate(writer, run: run, line: 2, versionIDs: versions, masks: [1])
        try writer.finish()
        let late = try lateVersion(database, run: run)
        func outcome(_ mask: UInt64) throws {
            try writer.insertOutcomes(runID: run.id, versionID: late, candidateIDs: [id], masks: [mask])
        }
        let error = #expect(throws: SQLiteError.self) {
            if afterCommit {
                try database.inTransaction { try outcome(1) }
                try database.inTransaction { try outcome(2) }
            } else {
                try database.inTransaction {
                    try outcome(1)
                    try outcome(2)
                }
            }
        }
        #expect(error?.isConstraintViolation == true)
        #expect(!database.isInsideTransaction)
        #expect(try count(database, "PRAGMA foreign_keys") == 1)
        #expect(try count(database, "SELECT count(*) FROM attempt_row") == (afterCommit ? 1 : 0))
    }

    @Test func versionAddedAfterTheImportUsesAttemptRows() throws {
        let (database, versions, run) = try databaseWithRun(versions: 1)
        let writer = try AttemptWriter(database: database)
        let id = try addCandidate(writer, run: run, line: 2, versionIDs: versions, masks: [1])
        try writer.finish()
        let added = try lateVersion(database, run: run)
        let runs = SQLiteRunRepository(database: database)
        try database.inTransaction {
            try writer.insertOutcomes(runID: run.id, versionID: added, candidateIDs: [id], masks: [6])
        }
        #expect(try count(database, "SELECT count(*) FROM import_run_policy WHERE slot IS NULL") == 1)
        #expect(try count(database, "SELECT failed_mask FROM attempt_row") == 6)
        #expect(try count(database, "SELECT count(*) FROM attempt WHERE candidate_id = \(id)") == 2)
        try runs.fail(runID: run.id)  // a running run of a live process is not deleted
        try runs.delete(runID: run.id)
        #expect(try count(database, "SELECT count(*) FROM attempt") == 0)
        #expect(try count(database, "SELECT count(*) FROM attempt_row") == 0)
    }

    @Test func interleavedRunsKeepEachCandidatesOwnOutcome() throws {
        let (database, versions, run) = try databaseWithRun(versions: 1)
        let other = try startRun(database, versionIDs: versions)
        let writer = try AttemptWriter(database: database, candidatesPerStatement: 4)
        for line in 2..<12 {
            for current in [run, other] {
                let mask = UInt64(line) << (current.id == run.id ? 0 : 8)
                _ = try addCandidate(writer, run: current, line: line, versionIDs: versions, masks: [mask])
            }
        }
        try writer.finish()
        #expect(try count(database, "SELECT count(*) FROM attempt a JOIN candidate c ON c.id = a.candidate_id") == 20)
        #expect(try count(database, "SELECT count(*) FROM candidate WHERE run_id = \(run.id) AND mask_0 != line") == 0)
        #expect(
            try count(database, "SELECT count(*) FROM candidate WHERE run_id = \(other.id) AND mask_0 != line << 8")
                == 0)
    }
}

/// `SQLiteRunRepository.compare` reads inline masks and `attempt_row` alike.
@Suite struct InlineComparisonTests {
    @Test func compareMixesAnInlineVersionWithARescoredOne() throws {
        let database = try migratedInMemoryDatabase()
        let repository = SQLitePolicyRepository(database: database)
        let a = try addVersion(repository, definition: "{\"v\":1}").version.id
        let run = try startRun(database, versionIDs: [a])
        let writer = try AttemptWriter(database: database)
        // (mask under A, mask under B): both unlock, only A, only B, neither; the last candidate has no B outcome.
        let masks: [(UInt64, UInt64?)] = [(0, 0), (0, 0b110), (1, 0), (1, 1), (0, nil)]
        let ids = try insert(
            writer, runID: run.id, versionIDs: [a],
            masks.enumerated().map { TestCandidate(line: $0.offset + 2, masks: [$0.element.0]) })
        try writer.finish()
        let b = try addVersion(repository, definition: "{\"v\":2}").version.id
        let runs = SQLiteRunRepository(database: database)
        try runs.addVersions(runID: run.id, versionIDs: [b])
        let rescored = zip(ids, masks).compactMap { id, pair in pair.1.map { (id, $0) } }
        try database.inTransaction {
            try writer.insertOutcomes(
                runID: run.id, versionID: b, candidateIDs: rescored.map(\.0), masks: rescored.map(\.1))
        }

        for (x, y, flipped) in [(a, b, false), (b, a, true)] {
            let row = try runs.unlockTransitions(runID: run.id, versionA: x, versionB: y)
            for (a, b) in [(true, true), (true, false), (false, true), (false, false)] {
                #expect(row[unlockedUnderA: a, unlockedUnderB: b] == 1)
            }
            #expect(row.failuresUnlockedUnderA == (flipped ? [0: 1] : [1: 1, 2: 1]))
        }
    }
}
