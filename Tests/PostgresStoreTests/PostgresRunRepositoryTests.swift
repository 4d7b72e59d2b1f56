import AuditRepositories
import Foundation
import PostgresStore
import PwauditTestSupport
import Testing

/// `PostgresRunRepository` and `PostgresAttemptWriter` against the server: RunRepositoryContractTests' tests one for
/// one (same names, same assertions) until `PostgresAuditStore` joins `StoreUnderTest.all` and they go.
@Suite(.enabled(if: PostgresTestCluster.isEnabled, PostgresTestCluster.skipReason))
struct PostgresRunRepositoryTests {
    @Test func runMovesFromRunningToComplete() throws {
        let store = try PostgresRunFixture()
        let version = try store.addVersion()
        let runs = store.runs
        let run = try store.startRun(versionIDs: [version])
        #expect(run.status == .running)
        #expect(run.pid == ProcessInfo.processInfo.processIdentifier)
        #expect(!run.isStale)
        #expect(run.versionIDs == [version])
        #expect(run.startedAt.hasSuffix("Z") && run.startedAt.count == 20, "canonical UTC text: \(run.startedAt)")
        #expect(try !runs.hasCompleteRun(sourceBytes: 123))

        try runs.complete(
            runID: run.id, sourceBytes: run.sourceBytes, sourceSHA256: run.sourceSHA256, rowsRead: 10, rowsAccepted: 9,
            rowsRejected: 1)
        let done = try #require(try runs.run(id: run.id))
        #expect(done.status == .complete)
        #expect(done.finishedAt != nil)
        #expect((done.rowsRead, done.rowsAccepted, done.rowsRejected) == (10, 9, 1))
        #expect(try runs.list().first?.status == .complete)
        #expect(try runs.hasCompleteRun(sourceBytes: 123))
        #expect(try runs.completeRun(withSHA256: run.sourceSHA256)?.id == run.id)
        #expect(try runs.completeRun(withSHA256: String(repeating: "b", count: 64)) == nil)
        #expect(throws: PostgresRunError.runNotRunning(id: run.id, status: .complete)) { try runs.fail(runID: run.id) }
        #expect(throws: PostgresRunError.runNotFound(id: 999)) { try runs.fail(runID: 999) }
        #expect(try runs.run(id: run.id)?.status == .complete)
    }

    @Test("a run's CSV options come back as recorded, the first ones stay, and they go with the run")
    func csvOptionsRoundTrip() throws {
        let store = try PostgresRunFixture()
        let version = try store.addVersion()
        let run = try store.startRun(versionIDs: [version])
        let other = try store.startRun(versionIDs: [version], sha: String(repeating: "c", count: 64))
        #expect(try store.runs.csvOptions(runID: run.id) == nil)
        let options = RunCSVOptions(
            passwordColumn: "pw", usernameColumn: "Login", emailColumn: "email", idColumn: "id", timeColumn: "when",
            delimiter: "\t")
        try store.runs.recordCSVOptions(options, runID: run.id)
        var later = options
        later.passwordColumn = "password"
        try store.runs.recordCSVOptions(later, runID: run.id)
        #expect(try store.runs.csvOptions(runID: run.id) == options)
        #expect(try store.runs.csvOptions(runID: other.id) == nil)
        try store.runs.fail(runID: run.id)
        try store.runs.delete(runID: run.id)
        #expect(try store.runs.csvOptions(runID: run.id) == nil)
    }

    @Test func addVersionsExtendsTheScoredSet() throws {
        let store = try PostgresRunFixture()
        let first = try store.addVersion(definition: "{\"v\":1}")
        let second = try store.addVersion(definition: "{\"v\":2}")
        let run = try store.startRun(versionIDs: [first])
        try store.runs.addVersions(runID: run.id, versionIDs: [second, first])
        #expect(try store.runs.run(id: run.id)?.versionIDs == [first, second])
        #expect(try store.runs.list().map(\.id) == [run.id])
    }

    @Test("written candidates come back with their lines; outcomes of both versions compare")
    func candidatesAndComparison() throws {
        let store = try PostgresRunFixture()
        let a = try store.addVersion(definition: "{\"v\":1}")
        let b = try store.addVersion(definition: "{\"v\":2}")
        let run = try store.startRun(versionIDs: [a, b])
        // Lines 2…5: unlocked under both, only A, only B, neither; B's rule 1 blocks line 3.
        let ids = try store.writeCandidates(
            runID: run.id, versionIDs: [a, b], lines: [2, 3, 4, 5], masks: [[0, 0], [0, 2], [1, 0], [1, 1]])
        #expect(try store.runs.candidateLines(runID: run.id).map(\.line) == [2, 3, 4, 5])
        #expect(try store.runs.candidateLines(runID: run.id).map(\.id) == Array(ids))
        let comparison = try store.runs.unlockTransitions(runID: run.id, versionA: a, versionB: b)
        let cells = [(true, true), (true, false), (false, true), (false, false)]
        #expect(cells.map { comparison[unlockedUnderA: $0.0, unlockedUnderB: $0.1] } == [1, 1, 1, 1])
        #expect(comparison.failuresUnlockedUnderA == [1: 1])
    }

    @Test("a late version's outcomes land through insertOutcomes, all or nothing")
    func rescoreOutcomes() throws {
        let store = try PostgresRunFixture()
        let a = try store.addVersion(definition: "{\"v\":1}")
        let late = try store.addVersion(definition: "{\"v\":2}")
        let run = try store.startRun(versionIDs: [a])
        let ids = Array(try store.writeCandidates(runID: run.id, versionIDs: [a], lines: [2, 3], masks: [[0], [0]]))
        let insert = {
            try store.runs.addVersions(runID: run.id, versionIDs: [late])
            try PostgresAttemptWriter.insertOutcomes(
                connection: store.connection, runID: run.id, versionID: late, candidateIDs: ids, masks: [0, 4])
        }
        var rolledBack = false
        do {
            try store.connection.inTransaction { () throws -> Void in
                try insert()
                throw CancellationError()
            }
        } catch is CancellationError {
            rolledBack = true
        }
        #expect(rolledBack)
        #expect(try store.runs.run(id: run.id)?.versionIDs == [a], "the rolled-back version is not scored")
        try store.connection.inTransaction { try insert() }
        let comparison = try store.runs.unlockTransitions(runID: run.id, versionA: a, versionB: late)
        #expect(comparison[unlockedUnderA: true, unlockedUnderB: true] == 1)
        #expect(comparison[unlockedUnderA: true, unlockedUnderB: false] == 1)
        #expect(comparison.failuresUnlockedUnderA == [2: 1])
        #expect(throws: PostgresRunError.versionNotScored(runID: run.id, versionID: a), "an inline version") {
            try store.connection.inTransaction {
                try PostgresAttemptWriter.insertOutcomes(
                    connection: store.connection, runID: run.id, versionID: a, candidateIDs: ids, masks: [0, 0])
            }
        }
    }

    @Test func deletingARunRemovesEverythingItOwns() throws {
        let store = try PostgresRunFixture()
        let version = try store.addVersion()
        let kept = try store.startRun(versionIDs: [version])
        let doomed = try store.startRun(versionIDs: [version])
        for run in [kept, doomed] {
            try store.writeCandidates(runID: run.id, versionIDs: [version], lines: [2, 3], masks: [[1], [0]])
        }
        // The summaries repository is another part's: one summary row, written as it writes them.
        _ = try store.connection.execute(
            "INSERT INTO run_length_summary (run_id, length, count) VALUES ($1, 10, 2)", [.integer(doomed.id)])
        #expect(try store.count("candidate") == 4)

        #expect(throws: PostgresRunError.runBeingImported(id: doomed.id, pid: doomed.pid), "held: refused") {
            try store.runs.delete(runID: doomed.id)
        }
        try store.runs.fail(runID: doomed.id)  // a running run of a live process is not deleted
        let deletion = try store.runs.delete(runID: doomed.id)
        #expect(deletion.deleted && !deletion.wasStale)
        #expect(try !store.runs.exists(runID: doomed.id))
        #expect(try store.runs.candidateLines(runID: doomed.id).isEmpty)
        #expect(try store.count("run_length_summary") == 0)
        #expect(try store.runs.candidateLines(runID: kept.id).count == 2)
        #expect(try !store.runs.delete(runID: doomed.id).deleted)
        #expect(try store.startRun(versionIDs: [version]).id > doomed.id, "a deleted run's id is not reused")
    }
}
