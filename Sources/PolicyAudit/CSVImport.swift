import AuditCrypto
import AuditRepositories
import Foundation
import PasswordPolicy
import PolicyCSV

/// The batch import: stream a CSV, score its accepted rows against policy versions on `scoringWorkerCount` threads
/// (`ScoringWorkers`) while one more thread writes candidates and attempts through the store's attempt writer
/// (`AttemptPipeline`), then write the run's summaries and mark it complete in its last commit.
///
/// A run is `running` until that last commit: an import that is killed leaves a run that reports ignore and
/// `pwaudit runs delete` removes. Memory is bounded by the batch size and queue depth, not by the file.
package struct CSVImport {
    /// Accepted rows per batch handed to the writer.
    package static let batchSize = 4096
    /// Scoring threads: one per core, at most 4. Scoring takes about twice the writer's CPU per row, so beyond a few
    /// workers the single SQLite writer sets the pace and more workers would only hold more batches in memory.
    static let scoringWorkerCount = min(ProcessInfo.processInfo.activeProcessorCount, 4)
    private let workspace: AuditWorkspace

    /// An import into `workspace`.
    package init(workspace: AuditWorkspace) { self.workspace = workspace }

    /// Runs the import.
    /// - Returns: `.imported` with what the run holds, or `.alreadyImported` (nothing stored) when a complete run
    ///   already holds the same input and `request.again` is not set.
    /// - Throws: `ImportError`, `CSVImportError` (unreadable input, missing column), `PolicyError`, `SQLiteError`.
    package func run(_ request: CSVImportRequest) throws -> CSVImportOutcome {
        let started = Date()
        let library = PolicyLibrary(workspace: workspace)
        var seen = Set<Int64>()  // a version named twice (`s8`, `s8@2`) is scored once
        let versions = try (request.versions.isEmpty ? library.latestOfEveryPolicy() : request.versions)
            .filter { seen.insert($0.id).inserted }
        guard !versions.isEmpty else { throw AuditStoreError.noPolicies }
        let compiled = try versions.map { try PolicyCompiler.compile(library.policy(of: $0)) }
        let key = try workspace.fingerprintKey()

        let base = try request.source.openBytes()
        // A re-import is noticed by its SHA-256: up front for a regular file (a cheap early answer), and for every
        // source when the run completes (the answer that holds when two imports of one file run at once). A FIFO,
        // a process substitution or a device (no size) can be read once only, and a device may never end: it is
        // never read twice, only checked when the run completes. A regular file is hashed up front (a second read)
        // only when a complete run of the same size exists.
        if case .file(let path) = request.source, !request.again, let size = base.totalByteCount,
            try workspace.runs.hasCompleteRun(sourceBytes: Int64(size)),
            let existing = try workspace.runs.completeRun(withSHA256: try Self.sha256(of: path))
        {
            return .alreadyImported(runID: existing.id, sha256: existing.sourceSHA256)
        }
        let source = HashingByteSource(base)
        let reader = try CSVReader(source: source, dialect: request.dialect)
        var validator = try CSVRowValidator(firstLine: reader.firstLine, mapping: request.mapping)
        validator.rejectsInvalidTime = request.strict
        for warning in CSVImportWarning.contextWarnings(
            for: zip(versions, compiled).map { ($0.reference, $1.policy) }, validator: validator,
            mapping: request.mapping)
        {
            request.warn?(warning)
        }
        let rejects = request.rejects.map(RejectsFileWriter.init)

        let run = try workspace.runs.start(
            sourceName: request.source.displayName, sourceBytes: Int64(source.totalByteCount ?? 0),
            sourceSHA256: String(repeating: "0", count: 64), label: request.label, versionIDs: versions.map(\.id),
            pwauditVersion: PolicyAuditVersion.current)
        // Recorded at once (no rescore can meet the run before it completes): a rescore reads the file the same way.
        do {
            try workspace.runs.recordCSVOptions(
                RunCSVOptions(mapping: request.mapping, delimiter: reader.delimiter), runID: run.id)
        } catch {
            _ = try? workspace.runs.discard(runID: run.id)
            throw error
        }
        var rejected = RunTally(ruleCounts: compiled.map(\.rules.count))
        var firstRejections: [RowRejection] = []
        let pipeline = AttemptPipeline(store: workspace.store, runID: run.id, versionIDs: versions.map(\.id))
        let workers = ScoringWorkers(
            policies: compiled, key: key, count: Self.scoringWorkerCount, pipeline: pipeline)
        do {
            var batch = RowBatch()
            var rowsSeen = 0
            var lastProgress = Date()
            var storing = true
            while let record = try reader.next() {
                rowsSeen += 1
                if let rejection = validator.rejection(of: record) {
                    rejected.reject(reason: rejection.reason.rawValue)
                    if firstRejections.count < 20 { firstRejections.append(rejection) }
                    try rejects?.add(rejection)
                    if request.strict && storing {
                        storing = false
                        batch = RowBatch()
                        pipeline.cancel()
                        workers.cancel()
                    }
                    if storing { batch.rejections.append(rejection) }
                } else if storing {
                    batch.append(validator.fields(of: record))
                }
                // Rejections count too: a file of nothing but bad rows must not pile them up in one batch.
                if batch.count + batch.rejections.count >= Self.batchSize {
                    try workers.send(batch)
                    batch = RowBatch()
                    if let progress = request.progress, Date().timeIntervalSince(lastProgress) >= 0.25 {
                        lastProgress = Date()
                        progress(
                            ImportProgress(
                                rows: rowsSeen, seconds: lastProgress.timeIntervalSince(started),
                                fraction: reader.fractionCompleted))
                    }
                }
            }
            try rejects?.close()
            if storing { try workers.send(batch) }
            let scored = try workers.finish(ruleCounts: compiled.map(\.rules.count))
            try PolicyCompiler.checkCorpora(of: compiled.map(\.policy))
            // Counted while the writer drains its last batches.
            let reuse = try FingerprintReuseCounter.summary(of: scored.reuse)
            try pipeline.finish()
            var tally = scored.tally
            tally.merge(rejected)
            let sha256 = source.finalizeHex()
            if !storing {
                try workspace.runs.discard(runID: run.id)
                let first = firstRejections[0]
                throw ImportError.strictRejected(
                    rejected: rejected.rejectedCount, firstLine: first.line, firstReason: first.reason.rawValue)
            }
            if let existing = try RunCompletion(workspace: workspace).complete(
                runID: run.id, sourceBytes: Int64(source.byteCount), sourceSHA256: sha256, tally: tally,
                reuse: reuse, versionIDs: versions.map(\.id), accounts: request.accounts,
                unlessImported: !request.again)
            {
                try workspace.runs.discard(runID: run.id)  // also releases the import lock
                rejects?.discard()
                return .alreadyImported(runID: existing.id, sha256: sha256)
            }
            var result = CSVImportResult(
                runID: run.id, rowsRead: tally.rowsSeen, accepted: tally.acceptedCount,
                rejected: tally.rejectedCount, rejectedByReason: tally.rejections, firstRejections: firstRejections,
                seconds: Date().timeIntervalSince(started),
                versions: zip(versions, tally.versions).map {
                    .init(reference: $0.reference, total: $1.total, unlocked: $1.unlocked)
                },
                sourceSHA256: sha256)
            result.hasTimeColumn = validator.hasTimeColumn
            result.timeNone = tally.candidates(onDay: SubmissionDay.none)
            result.timeInvalid = tally.candidates(onDay: SubmissionDay.invalid)
            result.timeWithoutZone = tally.timesWithoutZone
            return .imported(result)
        } catch {
            // Stop the threads before touching the connection again: the writer rolls back its open transaction.
            pipeline.cancel()
            workers.cancel()
            rejects?.discard()
            if (try? workspace.runs.run(id: run.id))?.status == .running { try? workspace.runs.fail(runID: run.id) }
            workspace.runs.releaseImportLock(runID: run.id)
            // pwaudit refuses to delete a run under its importer, but another program (or an older pwaudit) may not:
            // say so instead of surfacing the FOREIGN KEY error the writer meets.
            if !(error is ImportError), (try? workspace.runs.exists(runID: run.id)) == false {
                throw ImportError.runVanished(runID: run.id)
            }
            throw error
        }
    }

    /// The SHA-256 (hex) of a file, read in 1 MiB chunks.
    static func sha256(of path: String) throws -> String {
        try HashingByteSource(try FileByteSource(path: path)).drainedHex()
    }
}
