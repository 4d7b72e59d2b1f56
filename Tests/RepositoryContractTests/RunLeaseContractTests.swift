import AuditCrypto
import AuditRepositories
import Foundation
import Testing

/// What every store's run lease (`RunLease`, taken by `RunRepository.start`) must do, against each store of
/// `StoreUnderTest.all`. That a lease goes with its process's death is `KillTestTests`' and `bench/kill.sh`'s.
@Suite struct RunLeaseContractTests {
    /// Whether other processes could see the store's runs (an in-memory SQLite database is one connection's own: its
    /// runs cannot go stale, and a released lease leaves them alive for as long as their process lives).
    static func isShared(_ kind: StoreUnderTest) -> Bool { !kind.name.contains("in memory") }

    @Test(
        "held from start: the run is alive and delete refuses it; released: running and unheld is stale, and deletable",
        arguments: StoreUnderTest.all)
    func leaseMarksTheRunAlive(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let version = try store.addVersion().version
            let leased = try store.startLeasedRun(versionIDs: [version.id])
            #expect(leased.lease.runID == leased.run.id)
            #expect(!leased.lease.isReleased)
            #expect(try store.runs.run(id: leased.run.id)?.isStale == false)
            #expect(throws: (any Error).self, "a run whose lease is held is not deleted") {
                try store.runs.delete(runID: leased.run.id)
            }
            try store.runs.complete(
                runID: leased.run.id, sourceBytes: 1, sourceSHA256: leased.run.sourceSHA256, rowsRead: 0,
                rowsAccepted: 0, rowsRejected: 0)
            leased.lease.release()
            leased.lease.release()  // a second release does nothing
            #expect(leased.lease.isReleased)
            #expect(try store.runs.run(id: leased.run.id)?.status == .complete)

            let dead = try store.startLeasedRun(versionIDs: [version.id], sha: String(repeating: "d", count: 64))
            dead.lease.release()
            guard Self.isShared(kind) else { return }
            #expect(try store.runs.run(id: dead.run.id)?.isStale == true)
            #expect(try store.runs.delete(runID: dead.run.id).wasStale)
        }
    }

    @Test(
        "discard deletes the leased run with what it wrote, though this process holds it, and releases the lease",
        arguments: StoreUnderTest.all)
    func discardDeletesAndReleases(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let version = try store.addVersion().version
            let kept = try store.startRun(versionIDs: [version.id])
            let leased = try store.startLeasedRun(versionIDs: [version.id], sha: String(repeating: "e", count: 64))
            for run in [kept, leased.run] {
                try store.writeCandidates(runID: run.id, versionIDs: [version.id], lines: [2, 3], masks: [[1], [0]])
            }
            let deletion = try store.runs.discard(leased.lease)
            #expect(deletion.deleted && !deletion.wasStale)
            #expect(leased.lease.isReleased)
            #expect(try !store.runs.exists(runID: leased.run.id))
            #expect(try store.runs.candidateLines(runID: leased.run.id).isEmpty)
            #expect(try store.runs.candidateLines(runID: kept.id).count == 2)
        }
    }

    @Test(
        "an attempt writer's abandon discards what it had not committed; what it committed stays",
        arguments: StoreUnderTest.all)
    func writerAbandonRollsBack(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let version = try store.addVersion().version
            let run = try store.startRun(versionIDs: [version.id])
            try store.writeCandidates(runID: run.id, versionIDs: [version.id], lines: [2], masks: [[0]])
            var batch = CandidateBatch(outcomeCount: 1)
            let fingerprint = Fingerprint(bytes: [UInt8](repeating: 9, count: 32))!
            [UInt64(1)].withUnsafeBufferPointer { masks in
                batch.append(
                    line: 3, externalID: nil, username: nil, submittedAt: nil, fingerprint: fingerprint,
                    features: CandidateFeatureRow(length: 8), masks: masks)
            }
            let writer = try store.makeAttemptWriter()
            try writer.insert(batch, runID: run.id, versionIDs: [version.id])
            writer.abandon()
            writer.abandon()  // nothing open: does nothing
            #expect(try store.runs.candidateLines(runID: run.id).map(\.line) == [2])
        }
    }
}
