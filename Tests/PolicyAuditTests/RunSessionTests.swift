import AuditCrypto
import AuditRepositories
import Foundation
import PolicyStore
import Testing

@testable import PolicyAudit

/// The one run lifecycle of import, rescore and `check --record`: what each way of ending a session leaves in the
/// store, and that the lease goes on every path (the SIGKILL path is `KillTestTests` and `bench/kill.sh`).
@Suite struct RunSessionTests {
    /// A workspace with policy `p` (a length rule) and its version's id.
    static func scratch() throws -> (ScratchWorkspace, Int64) {
        let scratch = try ScratchWorkspace()
        return (scratch, try #require(try scratch.workspace.policies.list().first).id)
    }

    static func start(_ workspace: AuditWorkspace, _ versionID: Int64) throws -> RunSession {
        try RunSession.start(
            in: workspace, sourceName: "a.csv", sourceBytes: 10, label: nil, versionIDs: [versionID])
    }

    /// A batch of `count` candidates on lines 2…, each failing rule 0 when its index is odd.
    static func batch(_ count: Int) -> CandidateBatch {
        var batch = CandidateBatch(outcomeCount: 1)
        for index in 0..<count {
            let fingerprint = Fingerprint(bytes: [UInt8](repeating: UInt8(index), count: 32))!
            [UInt64(index % 2)].withUnsafeBufferPointer { masks in
                batch.append(
                    line: index + 2, externalID: nil, username: nil, submittedAt: nil, fingerprint: fingerprint,
                    features: CandidateFeatureRow(length: 9, lowerCount: 9), masks: masks)
            }
        }
        return batch
    }

    /// Whether some process holds the run's lease (SQLite: its lock byte).
    static func isLeased(_ workspace: AuditWorkspace, _ runID: Int64) -> Bool? {
        ImportLock.isHeld(databasePath: workspace.location.databasePath, runID: runID)
    }

    static func candidates(_ workspace: AuditWorkspace, _ runID: Int64) throws -> Int {
        try workspace.runs.candidateLines(runID: runID).count
    }

    @Test("complete after write: the run is complete with its rows and summaries, and its lease is released")
    func completeAfterWrite() throws {
        let (scratch, versionID) = try Self.scratch()
        let workspace = scratch.workspace
        let session = try Self.start(workspace, versionID)
        #expect(Self.isLeased(workspace, session.run.id) == true)
        #expect(try workspace.runs.run(id: session.run.id)?.isStale == false)
        try session.write(Self.batch(3))
        var tally = RunTally(ruleCounts: [1])
        for index in 0..<3 { tally.add(length: 9, composition: 2, masks: [UInt64(index % 2)], day: nil) }
        let existing = try session.complete(
            sourceBytes: 10, sourceSHA256: String(repeating: "b", count: 64), tally: tally,
            reuse: RunReuseSummaryRow(distinctFingerprints: 3, sharedGroups: 0, sharedCandidates: 0, largestGroup: 1))
        #expect(existing == nil)
        #expect(session.state == .completed)
        let run = try #require(try workspace.runs.run(id: session.run.id))
        #expect(run.status == .complete && run.rowsAccepted == 3 && run.sourceSHA256.hasPrefix("bbbb"))
        #expect(try Self.candidates(workspace, run.id) == 3)
        #expect(try workspace.summaries.versions(runID: run.id).first?.unlocked == 2)
        #expect(Self.isLeased(workspace, run.id) == false)
    }

    @Test("abandon: rows the writer had not committed are discarded, the run is failed and its lease released")
    func abandonDiscardsUncommittedRows() throws {
        let (scratch, versionID) = try Self.scratch()
        let workspace = scratch.workspace
        let session = try Self.start(workspace, versionID)
        try session.write(Self.batch(2))  // committed: stays with the failed run
        let pipeline = session.pipeline()
        var scored = ScoredBatch(versionCount: 1)
        scored.candidates = Self.batch(5)
        try pipeline.send(scored)
        pipeline.cancel()  // the writer rolls back what it had not committed
        session.abandon()
        #expect(session.state == .abandoned)
        let run = try #require(try workspace.runs.run(id: session.run.id))
        #expect(run.status == .failed)
        #expect(try Self.candidates(workspace, run.id) == 2)
        #expect(Self.isLeased(workspace, run.id) == false)
        session.abandon()  // an ended session is left as it is
        #expect(try workspace.runs.run(id: run.id)?.status == .failed)
        #expect(try workspace.runs.delete(runID: run.id).deleted, "a failed run is deleted")
    }

    @Test("writing's body throws: the run is abandoned (failed, lease released) and the error rethrown")
    func writingAbandonsOnError() throws {
        struct Boom: Error {}
        let (scratch, versionID) = try Self.scratch()
        let workspace = scratch.workspace
        let session = try Self.start(workspace, versionID)
        #expect(throws: Boom.self) {
            try session.writing { session in
                try session.write(Self.batch(1))
                throw Boom()
            }
        }
        #expect(try workspace.runs.run(id: session.run.id)?.status == .failed)
        #expect(Self.isLeased(workspace, session.run.id) == false)
    }

    @Test("discard deletes the run with everything it wrote, although this process holds its lease")
    func discardDeletes() throws {
        let (scratch, versionID) = try Self.scratch()
        let workspace = scratch.workspace
        let session = try Self.start(workspace, versionID)
        try session.write(Self.batch(4))
        try session.discard()
        #expect(try !workspace.runs.exists(runID: session.run.id))
        #expect(try Self.candidates(workspace, session.run.id) == 0)
        #expect(try !workspace.store.holdsCandidates())
        #expect(Self.isLeased(workspace, session.run.id) == false)
    }

    @Test("complete unless imported: a complete run of the same digest wins, and this run is discarded")
    func completeFindsAnEarlierImport() throws {
        let (scratch, versionID) = try Self.scratch()
        let workspace = scratch.workspace
        let sha = String(repeating: "c", count: 64)
        let reuse = RunReuseSummaryRow(distinctFingerprints: 1, sharedGroups: 0, sharedCandidates: 0, largestGroup: 1)
        let first = try Self.start(workspace, versionID)
        try first.write(Self.batch(1))
        let tally = RunTally(ruleCounts: [1])
        #expect(try first.complete(sourceBytes: 10, sourceSHA256: sha, tally: tally, reuse: reuse) == nil)
        let second = try Self.start(workspace, versionID)
        try second.write(Self.batch(1))
        let existing = try second.complete(
            sourceBytes: 10, sourceSHA256: sha, tally: tally, reuse: reuse, unlessImported: true)
        #expect(existing?.id == first.run.id)
        #expect(try !workspace.runs.exists(runID: second.run.id))
        #expect(Self.isLeased(workspace, second.run.id) == false)
    }

    @Test("a session dropped while open releases its lease: its run reads as stale, as after its process died")
    func droppedSessionLeavesAStaleRun() throws {
        let (scratch, versionID) = try Self.scratch()
        let workspace = scratch.workspace
        var session: RunSession? = try Self.start(workspace, versionID)
        let runID = try #require(session?.run.id)
        #expect(try workspace.runs.run(id: runID)?.isStale == false)
        session = nil
        #expect(session == nil)
        #expect(try workspace.runs.run(id: runID)?.isStale == true)
        #expect(try workspace.runs.delete(runID: runID).wasStale)
    }
}
