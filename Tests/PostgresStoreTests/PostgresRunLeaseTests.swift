import AuditRepositories
import Foundation
import PostgresStore
import PwauditTestSupport
import Testing

/// What only a server store has, beyond RunLeaseContractTests (which run against PostgreSQL through
/// `StoreUnderTest.all`): a run whose lease-holding session died reads `stale`, the writer's transaction size, and run
/// ids from concurrent sessions.
@Suite(.enabled(if: PostgresTestCluster.isEnabled, PostgresTestCluster.skipReason))
struct PostgresRunLeaseTests {
    @Test("a run whose lease-holding session died is stale for every other session, and deletable")
    func deadSessionLeavesAStaleRun() throws {
        let store = try PostgresRunFixture()
        let version = try store.addVersion()
        let importer = try PostgresConnection(store.database.uri)
        let leased = try store.startLeasedRun(versionIDs: [version], on: importer)
        #expect(try store.runs.run(id: leased.run.id)?.isStale == false, "held by another session: alive")
        #expect(throws: AuditStoreError.runBeingImported(id: leased.run.id, pid: leased.run.pid)) {
            try store.runs.delete(runID: leased.run.id)
        }
        let backend = try importer.firstRow("SELECT pg_backend_pid()")!.int64(at: 0)
        _ = try store.connection.firstRow("SELECT pg_terminate_backend($1::integer, 5000)", [.integer(backend)])
        #expect(try store.runs.run(id: leased.run.id)?.isStale == true)
        #expect(try store.runs.list().first { $0.id == leased.run.id }?.displayStatus == "stale")
        let deletion = try store.runs.delete(runID: leased.run.id)
        #expect(deletion.deleted && deletion.wasStale)
    }

    @Test("the writer commits every rowsPerTransaction rows: a later abandon keeps what was committed")
    func writerCommitsInTransactionsOfItsSize() throws {
        let store = try PostgresRunFixture()
        let a = try store.addVersion(definition: "{\"v\":1}")
        let late = try store.addVersion(definition: "{\"v\":2}")
        let run = try store.startRun(versionIDs: [a])
        try store.runs.addVersions(runID: run.id, versionIDs: [late])
        let writer = PostgresAttemptWriter(connection: store.connection, rowsPerTransaction: 4)
        // Two candidates with an inline outcome and an attempt row each: 4 rows, committed before the next batch.
        let first = try writer.insert(
            PostgresRunFixture.batch(outcomes: 2, lines: [2, 3], masks: [[0, 1], [1, 0]]), runID: run.id,
            versionIDs: [a, late])
        let second = try writer.insert(
            PostgresRunFixture.batch(outcomes: 2, lines: [4], masks: [[0, 0]]), runID: run.id, versionIDs: [a, late])
        #expect(second.lowerBound == first.upperBound)
        writer.abandon()
        #expect(try store.runs.candidateLines(runID: run.id).map(\.line) == [2, 3])
        #expect(try store.count("attempt_row") == 2)
        let comparison = try store.runs.unlockTransitions(runID: run.id, versionA: a, versionB: late)
        #expect(comparison[unlockedUnderA: true, unlockedUnderB: false] == 1)
        #expect(comparison[unlockedUnderA: false, unlockedUnderB: true] == 1)
        #expect(throws: PostgresRunError.versionNotScored(runID: run.id, versionID: 999)) {
            try writer.insert(
                PostgresRunFixture.batch(outcomes: 1, lines: [5], masks: [[0]]), runID: run.id, versionIDs: [999])
        }
        try store.runs.fail(runID: run.id)
        let other = PostgresAttemptWriter(connection: store.connection)
        #expect(throws: AuditStoreError.runNotRunning(id: run.id, status: .failed)) {
            try other.insert(
                PostgresRunFixture.batch(outcomes: 1, lines: [5], masks: [[0]]), runID: run.id, versionIDs: [a])
        }
    }

    @Test("runs started at once on two sessions get different ids and each its own lease")
    func concurrentStartsTakeDistinctIDs() async throws {
        let store = try PostgresRunFixture()
        let version = try store.addVersion()
        let uri = store.database.uri
        let ids = try await withThrowingTaskGroup(of: [Int64].self) { group in
            for writer in 0..<2 {
                group.addTask {
                    let connection = try PostgresConnection(uri)
                    let runs = PostgresRunRepository(connection: connection)
                    var ids: [Int64] = []
                    for index in 0..<10 {
                        let leased = try runs.start(
                            sourceName: "w\(writer)-\(index).csv", sourceBytes: 1,
                            sourceSHA256: String(repeating: "f", count: 64),
                            label: nil, versionIDs: [version], pwauditVersion: "0.0.0-test")
                        try runs.fail(runID: leased.run.id)
                        leased.lease.release()
                        ids.append(leased.run.id)
                    }
                    return ids
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(Set(ids).count == 20)
        #expect(try store.runs.list().count == 20)
    }
}
