import AuditRepositories
import Foundation
import Testing

@testable import PolicyStore

/// What the SQLite store adds to the repository contract (RepositoryContractTests): stale runs, foreign keys, ids.
@Suite struct RunRepositoryTests {
    @Test func runningRunOfADeadProcessIsStale() throws {
        let database = try migratedInMemoryDatabase()
        let run = try startRun(database, versionIDs: [])
        try database.execute("UPDATE import_run SET pid = 2147483000 WHERE id = ?1", [.integer(run.id)])
        let runs = SQLiteRunRepository(database: database)
        #expect(try runs.run(id: run.id)?.isStale == true)
        try runs.fail(runID: run.id)
        #expect(try runs.run(id: run.id)?.isStale == false)
        #expect(try runs.run(id: run.id)?.status == .failed)
    }

    @Test func deletingARunRemovesEverythingItOwns() throws {
        let database = try migratedInMemoryDatabase()
        let version = try addVersion(SQLitePolicyRepository(database: database)).version
        let kept = try startRun(database, versionIDs: [version.id])
        let doomed = try startRun(database, versionIDs: [version.id])
        let writer = try AttemptWriter(database: database)
        for run in [kept, doomed] {
            try insert(
                writer, runID: run.id, versionIDs: [version.id], (2...4).map { TestCandidate(line: $0, masks: [1]) })
            try writer.insertRejected(runID: run.id, line: 5, reason: "missing-password")
        }
        try writer.finish()
        // A rescored version: its outcomes are rows of attempt_row.
        let rescored = try addVersion(SQLitePolicyRepository(database: database), definition: "{\"r\":1}").version
        let runs = SQLiteRunRepository(database: database)
        for run in [kept, doomed] {
            try runs.addVersions(runID: run.id, versionIDs: [rescored.id])
            let ids = (1...3).map { CandidateID.make(runID: run.id, ordinal: $0) }
            try database.inTransaction {
                try writer.insertOutcomes(
                    runID: run.id, versionID: rescored.id, candidateIDs: ids, masks: [2, 2, 2])
            }
        }
        try SQLiteSummaryRepository(database: database).write(
            runID: doomed.id, summary: RunSummary(lengths: [RunLengthSummaryRow(length: 10, count: 3)]))

        try runs.fail(runID: doomed.id)  // a running run of a live process is not deleted
        #expect(try SQLiteRunRepository(database: database).delete(runID: doomed.id).deleted)
        #expect(try count(database, "SELECT count(*) FROM candidate") == 3)
        #expect(try count(database, "SELECT count(*) FROM attempt") == 6)
        #expect(try count(database, "SELECT count(*) FROM attempt_row") == 3)
        #expect(try count(database, "SELECT count(*) FROM rejected_row") == 1)
        #expect(try count(database, "SELECT count(*) FROM import_run_policy") == 2)
        #expect(try count(database, "SELECT count(*) FROM run_length_summary") == 0)
        #expect(try count(database, "SELECT count(*) FROM candidate WHERE run_id = \(kept.id)") == 3)
        #expect(try count(database, "SELECT count(*) FROM pragma_foreign_key_check") == 0)
        #expect(try count(database, "PRAGMA foreign_keys") == 1)
        #expect(try !SQLiteRunRepository(database: database).delete(runID: doomed.id).deleted)
    }

    @Test("a deleted run's id is never given to a later run, whichever way it was deleted")
    func runIDsAreNeverReused() throws {
        let database = try migratedInMemoryDatabase()
        let version = try addVersion(SQLitePolicyRepository(database: database)).version
        let runs = SQLiteRunRepository(database: database)
        let first = try startRun(database, versionIDs: [version.id])
        let second = try startRun(database, versionIDs: [version.id])
        #expect(second.id == first.id + 1)
        try runs.fail(runID: second.id)
        try runs.delete(runID: second.id)
        let third = try startRun(database, versionIDs: [version.id])
        #expect(third.id == second.id + 1)
        try database.execute("DELETE FROM import_run WHERE id = ?1", [.integer(third.id)])
        #expect(try startRun(database, versionIDs: [version.id]).id == third.id + 1)
    }
}
