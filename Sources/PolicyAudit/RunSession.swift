import AuditRepositories

/// One run this process writes, from its start to its end: the run lifecycle of the import, `check --record` and
/// rescore, written once.
///
/// `start` records a `running` run under a lease (`RunLease`: while it is held, every process sees the run as being
/// written; with this process's death it goes, and the run reads as stale). Batches are written through `pipeline()`
/// (a writer thread) or `write(_:)`; `complete` writes the run's summaries and marks it complete in one commit, then
/// releases the lease; `abandon` marks an unfinished run failed (keeping what it committed, which `runs delete`
/// removes), `discard` deletes it with everything it wrote; both release the lease. A rescore `reopen`s a complete
/// run instead: it takes no lease, and its one commit (`addVersion`) adds the version's outcomes and summaries.
///
/// Not `Sendable`: the store is used on the caller's thread, except by a pipeline between its start and its
/// `finish()`/`cancel()`. A session dropped while open releases its lease (its run then reads as stale).
final class RunSession {
    /// How a session stands.
    enum State: Equatable {
        /// Started (or reopened), not yet ended.
        case open
        /// Completed (or the rescore's version added): the run's last commit is made.
        case completed
        /// Abandoned (marked failed) or discarded.
        case abandoned
    }

    /// The run as started (or reopened).
    let run: StoredRun
    /// The versions the session's batches carry outcomes for, in the order of their masks.
    let versionIDs: [Int64]
    private(set) var state = State.open
    private let workspace: AuditWorkspace
    /// Nil for a reopened run (a rescore holds none: its writes land in one transaction).
    private let lease: (any RunLease)?

    private init(workspace: AuditWorkspace, run: StoredRun, versionIDs: [Int64], lease: (any RunLease)?) {
        self.workspace = workspace
        self.run = run
        self.versionIDs = versionIDs
        self.lease = lease
    }

    deinit { lease?.release() }

    /// Starts a `running` run of `sourceName` scoring `versionIDs`, holding its lease.
    /// - Parameters:
    ///   - sourceBytes: The source's size when known up front (0 otherwise); `complete` records the size read.
    ///   - sourceSHA256: The digest recorded until `complete` records the one read (64 zeros when none is known).
    static func start(
        in workspace: AuditWorkspace, sourceName: String, sourceBytes: Int64,
        sourceSHA256: String = String(repeating: "0", count: 64), label: String?, versionIDs: [Int64]
    ) throws -> RunSession {
        let started = try workspace.runs.start(
            sourceName: sourceName, sourceBytes: sourceBytes, sourceSHA256: sourceSHA256, label: label,
            versionIDs: versionIDs, pwauditVersion: PolicyAuditVersion.current)
        return RunSession(workspace: workspace, run: started.run, versionIDs: versionIDs, lease: started.lease)
    }

    /// A session on `run`, a complete run, to add one version's outcomes to it (rescore).
    static func reopen(_ run: StoredRun, in workspace: AuditWorkspace, adding versionID: Int64) -> RunSession {
        RunSession(workspace: workspace, run: run, versionIDs: [versionID], lease: nil)
    }

    /// Runs `body`, which writes the open run; when it throws, abandons the run (unless `body` ended it) and rethrows.
    func writing<Result>(_ body: (RunSession) throws -> Result) throws -> Result {
        do {
            return try body(self)
        } catch {
            abandon()
            throw error
        }
    }

    /// A writer thread that writes this run's scored batches (`ScoringWorkers` feed it); the store belongs to it until
    /// its `finish()` or `cancel()`.
    func pipeline() -> AttemptPipeline {
        precondition(state == .open && lease != nil, "a pipeline writes a started, open run")
        return AttemptPipeline(store: workspace.store, runID: run.id, versionIDs: versionIDs)
    }

    /// Writes `batch` (one mask per session version) and commits it.
    func write(_ batch: CandidateBatch) throws {
        precondition(state == .open && lease != nil, "a started, open run is written")
        let writer = try workspace.store.makeAttemptWriter()
        do {
            try writer.insert(batch, runID: run.id, versionIDs: versionIDs)
            try writer.finish()
        } catch {
            writer.abandon()
            throw error
        }
    }

    /// Writes the run's summaries (from `tally` and `reuse`, its version comparisons included) and marks it complete
    /// with the source's size and digest as read, in one commit; then releases the lease.
    ///
    /// - Parameter csvOptions: The CSV options the run read its file with, if it read one (a rescore reads it so).
    /// - Parameter accounts: Whether to write the run's account summary too (`CSVImportRequest.accounts`).
    /// - Parameter alsoWriting: Writes what belongs to the run beside its candidates (`CSVImportRequest.completing`),
    ///   inside the completing transaction.
    /// - Parameter unlessImported: When true, a complete run that already holds a source with this SHA-256, read alike
    ///   (`RunCSVOptions.readsAlike` with `csvOptions`), wins: this
    ///   run is discarded instead, and that run returned. The check shares the completing transaction (writers take it
    ///   one at a time), so two imports of one file started together store it once.
    /// - Returns: The complete run that already held the source, if `unlessImported` found one.
    /// - Throws: The store's error, the session still open (the caller abandons it).
    func complete(
        sourceBytes: Int64, sourceSHA256: String, tally: RunTally, reuse: RunReuseSummaryRow,
        csvOptions: RunCSVOptions? = nil, accounts: Bool = false, unlessImported: Bool = false,
        alsoWriting: ((_ runID: Int64, _ accepted: Int) throws -> Void)? = nil
    ) throws -> StoredRun? {
        precondition(state == .open, "a session completes once")
        let (runs, summaries) = (workspace.runs, workspace.summaries)
        let summary = RunCompletion.summary(of: tally, versionIDs: versionIDs, reuse: reuse)
        let existing: StoredRun? = try workspace.store.inTransaction {
            if unlessImported, let existing = try Self.earlierRun(of: sourceSHA256, readAs: csvOptions, in: runs) {
                return existing
            }
            if let csvOptions { try runs.recordCSVOptions(csvOptions, runID: run.id) }
            try summaries.write(runID: run.id, summary: summary)
            for (a, b, counts) in tally.unlockPairs.transitions() {
                try runs.recordUnlockTransitions(
                    counts, runID: run.id, versionA: versionIDs[a], versionB: versionIDs[b])
            }
            if accounts { try summaries.writeAccounts(runID: run.id) }
            try alsoWriting?(run.id, tally.acceptedCount)
            try runs.complete(
                runID: run.id, sourceBytes: sourceBytes, sourceSHA256: sourceSHA256, rowsRead: tally.rowsSeen,
                rowsAccepted: tally.acceptedCount, rowsRejected: tally.rejectedCount)
            return nil
        }
        if let existing {
            try discard()
            return existing
        }
        state = .completed
        lease?.release()  // committed complete: the run no longer needs its lease
        return nil
    }

    /// The newest complete run of the source `sha256` that read it as `options` do (a run with no options recorded,
    /// from before schema 10, reads it alike; so does any run when `options` is nil), if any.
    static func earlierRun(of sha256: String, readAs options: RunCSVOptions?, in runs: any RunRepository) throws
        -> StoredRun?
    {
        for run in try runs.completeRuns(withSHA256: sha256) {
            guard let options, let recorded = try runs.csvOptions(runID: run.id) else { return run }
            if recorded.readsAlike(options) { return run }
        }
        return nil
    }

    /// The reopened run's one commit: the version's outcomes for `candidateIDs` (one mask each), its summaries from
    /// `tally` (beside those the run has; `tally`'s first version is the one added), its comparisons with the run's
    /// other versions (and any comparison the run lacked), `csvOptions` when the run had none recorded, and, when the
    /// rescore estimated them, the candidates' `strengths` with the earlier versions' strength rows
    /// (`earlierStrength`).
    func addVersion(
        candidateIDs: [Int64], masks: [UInt64], tally: RunTally, csvOptions: RunCSVOptions?,
        strengths: [CandidateStrength]? = nil, earlierStrength: [RunStrengthSummaryRow] = []
    ) throws {
        precondition(state == .open && lease == nil, "a version is added to a reopened run")
        let (store, runs, summaries) = (workspace.store, workspace.runs, workspace.summaries)
        let (runID, versionID) = (run.id, versionIDs[0])
        try store.inTransaction {
            if let csvOptions { try runs.recordCSVOptions(csvOptions, runID: runID) }
            try runs.addVersions(runID: runID, versionIDs: [versionID])
            try store.insertOutcomes(runID: runID, versionID: versionID, candidateIDs: candidateIDs, masks: masks)
            if let strengths {
                try runs.recordStrengths(runID: runID, candidateIDs: candidateIDs, strengths: strengths)
            }
            var summary = RunCompletion.summary(
                try summaries.read(runID: runID), adding: tally, versionIDs: [versionID])
            summary.strength += earlierStrength
            try summaries.write(runID: runID, summary: summary)
            // The new version's comparisons with the others, and any the run lacked (imported before they were
            // stored), counted from the outcomes just written.
            try runs.storeMissingUnlockTransitions(runID: runID, versionIDs: run.versionIDs + [versionID])
        }
        state = .completed
    }

    /// The reopened run's one commit when it had scored the version already but lacks its tuning summary (a run
    /// completed before schema 13): the version's tuning cells from `tally`, every other summary as it was.
    func addTuning(tally: RunTally) throws {
        precondition(state == .open && lease == nil, "a tuning summary is added to a reopened run")
        let (store, summaries) = (workspace.store, workspace.summaries)
        let (runID, versionID) = (run.id, versionIDs[0])
        try store.inTransaction {
            var summary = try summaries.read(runID: runID)
            summary.tuning.removeAll { $0.policyVersionID == versionID }
            summary.tuning = (summary.tuning + tally.tuningRows(ofVersion: 0, versionID: versionID)).sorted(
                by: TuneCellTally.keyOrder)
            try summaries.write(runID: runID, summary: summary)
        }
        state = .completed
    }

    /// Ends an open run unfinished: marks it failed if it is still `running` (what it committed stays, for `runs` to
    /// show and `runs delete` to remove), then releases the lease. Never throws: a run it cannot mark failed is left
    /// `running`, and reads as stale once the lease is gone. An ended session is left as it is.
    func abandon() {
        guard state == .open else { return }
        state = .abandoned
        guard let lease else { return }
        if (try? workspace.runs.run(id: run.id))?.status == .running { try? workspace.runs.fail(runID: run.id) }
        lease.release()
    }

    /// Deletes the open run with everything it wrote, and releases the lease (whether or not the delete succeeds).
    func discard() throws {
        precondition(state == .open, "an open run is discarded")
        state = .abandoned
        guard let lease else { return }
        try workspace.runs.discard(lease)
    }
}
