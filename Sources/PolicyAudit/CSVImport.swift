import AuditCrypto
import AuditRepositories
import Foundation
import PasswordPolicy
import PolicyCSV

/// The batch import: stream a CSV, score its accepted rows against policy versions on `scoringWorkerCount` threads
/// (`ScoringWorkers`) while one more thread writes candidates and attempts (the `RunSession`'s pipeline), then
/// complete the session: the run's summaries and status in its last commit.
///
/// A run is `running` until that last commit: an import that is killed leaves a run that reports ignore and
/// `pwaudit runs delete` removes. Memory is bounded by the batch size and queue depth, not by the file.
package struct CSVImport {
    /// Accepted rows per batch handed to the writer.
    package static let batchSize = 4096
    /// Scoring threads: one per core, at most 4. Scoring takes about twice the writer's CPU per row, so beyond a few
    /// workers the single SQLite writer sets the pace and more workers would only hold more batches in memory.
    static let scoringWorkerCount = min(ProcessInfo.processInfo.activeProcessorCount, 4)
    let workspace: AuditWorkspace

    /// An import into `workspace`.
    package init(workspace: AuditWorkspace) { self.workspace = workspace }

    /// Runs the import.
    /// - Returns: `.imported` with what the run holds, or `.alreadyImported` (nothing stored) when a complete run
    ///   already holds the same input and `request.again` is not set.
    /// - Throws: `ImportError`, `CSVImportError` (unreadable input, missing column), `PolicyError`, the store's errors.
    package func run(_ request: CSVImportRequest) throws -> CSVImportOutcome {
        let started = Date()
        let (versions, compiled) = try scoredVersions(request.versions)
        let key = try workspace.fingerprintKey()
        let base = try request.source.openBytes()
        let source = HashingByteSource(base)
        let reader = try CSVReader(source: source, dialect: request.dialect)
        let csvOptions = RunCSVOptions(
            mapping: request.mapping, delimiter: reader.delimiter, timeReader: request.timeReader)
        if let existing = try earlierImport(of: request, size: base.totalByteCount, readAs: csvOptions) {
            return .alreadyImported(runID: existing.id, sha256: existing.sourceSHA256)
        }
        var validator = try CSVRowValidator(firstLine: reader.firstLine, mapping: request.mapping)
        validator.rejectsInvalidTime = request.strict
        validator.timeReader = request.timeReader
        for warning in CSVImportWarning.contextWarnings(
            for: zip(versions, compiled).map { ($0.reference, $1.policy) }, validator: validator,
            mapping: request.mapping)
        {
            request.warn?(warning)
        }
        let rejects = request.rejects.map(RejectsFileWriter.init)
        let session = try RunSession.start(
            in: workspace, sourceName: request.source.displayName, sourceBytes: Int64(source.totalByteCount ?? 0),
            label: request.label, versionIDs: versions.map(\.id))
        let pipeline = session.pipeline()
        let workers = ScoringWorkers(
            policies: compiled, key: key, strength: request.strength, count: Self.scoringWorkerCount,
            pipeline: pipeline, timeReader: request.timeReader)
        do {
            let ruleCounts = compiled.map(\.rules.count)
            let read = try readRows(
                reader, validator: validator, request: request, rejects: rejects, workers: workers,
                pipeline: pipeline, ruleCounts: ruleCounts, started: started)
            let scored = try workers.finish(ruleCounts: ruleCounts)
            try PolicyCompiler.checkCorpora(of: compiled.map(\.policy))
            let reuse = try FingerprintReuseCounter.summary(of: scored.reuse)  // counted while the writer drains
            try pipeline.finish()
            if read.stoppedAtRejection, let first = read.firstRejections.first {
                try session.discard()
                throw ImportError.strictRejected(
                    rejected: read.rejected.rejectedCount, firstLine: first.line, firstReason: first.reason.rawValue)
            }
            var tally = scored.tally
            tally.merge(read.rejected)
            let sha256 = source.finalizeHex()
            if let existing = try session.complete(
                sourceBytes: Int64(source.byteCount), sourceSHA256: sha256, tally: tally, reuse: reuse,
                csvOptions: csvOptions,
                accounts: request.accounts, unlessImported: !request.again, alsoWriting: request.completing)
            {
                rejects?.discard()
                return .alreadyImported(runID: existing.id, sha256: sha256)
            }
            return .imported(
                CSVImportResult(
                    runID: session.run.id, versions: versions, tally: tally, validator: validator,
                    firstRejections: read.firstRejections, seconds: Date().timeIntervalSince(started),
                    sourceSHA256: sha256, timeReader: request.timeReader))
        } catch {
            // Stop the threads before touching the store again: the writer rolls back its open transaction.
            pipeline.cancel()
            workers.cancel()
            rejects?.discard()
            session.abandon()
            // pwaudit refuses to delete a run under its importer, but another program (or an older pwaudit) may not:
            // say so instead of surfacing the FOREIGN KEY error the writer meets.
            if !(error is ImportError), (try? workspace.runs.exists(runID: session.run.id)) == false {
                throw ImportError.runVanished(runID: session.run.id)
            }
            throw error
        }
    }

    /// The versions to score (`requested`, each once however often it is named; none: the latest of every policy),
    /// compiled.
    /// - Throws: `AuditStoreError.noPolicies` when there is none.
    func scoredVersions(_ requested: [StoredVersion]) throws -> ([StoredVersion], [CompiledPolicy]) {
        let library = PolicyLibrary(workspace: workspace)
        var seen = Set<Int64>()  // a version named twice (`s8`, `s8@2`) is scored once
        let versions = try (requested.isEmpty ? library.latestOfEveryPolicy() : requested)
            .filter { seen.insert($0.id).inserted }
        guard !versions.isEmpty else { throw AuditStoreError.noPolicies }
        return (versions, try versions.map { try PolicyCompiler.compile(library.policy(of: $0)) })
    }

    /// The complete run that already holds the request's input, found before reading it, if any.
    ///
    /// A re-import is noticed by its SHA-256: here for a regular file (a cheap early answer), and for every source
    /// when the run completes (the answer that holds when two imports of one file run at once). A FIFO, a process
    /// substitution or a device (no size) can be read once only, and a device may never end: it is never read twice,
    /// only checked when the run completes. A regular file is hashed up front (a second read) only when a complete
    /// run of the same size exists.
    /// A run that read the same bytes with other columns, another delimiter, time format or time zone is not one:
    /// reading them otherwise is a new import.
    func earlierImport(of request: CSVImportRequest, size: Int?, readAs options: RunCSVOptions) throws -> StoredRun? {
        guard case .file(let path) = request.source, !request.again, let size,
            try workspace.runs.hasCompleteRun(sourceBytes: Int64(size))
        else { return nil }
        return try RunSession.earlierRun(of: try Self.sha256(of: path), readAs: options, in: workspace.runs)
    }

    /// The SHA-256 (hex) of a file, read in 1 MiB chunks.
    static func sha256(of path: String) throws -> String {
        try HashingByteSource(try FileByteSource(path: path)).drainedHex()
    }
}
