import AuditCrypto
import AuditRepositories
import AuditTime
import Foundation
import PasswordPolicy
import PolicyCSV

/// Scores an old run against a new policy version: re-reads the run's own file (verified by SHA-256, since no
/// password was kept) with the CSV options the run recorded, pairs its accepted rows with the stored candidates line
/// by line, and adds one attempt per candidate plus the version's summaries to the run.
///
/// Strength, as import stores it: a run whose candidates have stored estimates gets the new version's strength rows
/// from them; a run without any, rescored against a version with a `strength` rule, has each candidate estimated (its
/// username and e-mail as user inputs, repeats answered from the import's reuse cache) and stored, with strength rows
/// for the new version and for each earlier version the file scores again to the counts stored for it.
package struct RunRescore {
    private let workspace: AuditWorkspace

    /// A rescore in `workspace`.
    package init(workspace: AuditWorkspace) { self.workspace = workspace }

    /// Rescores `runID` against `version` from `source` (a file or standard input), read as the import read it, in
    /// one pass that also hashes it: nothing is stored unless its SHA-256 is the run's.
    ///
    /// The file is read with the CSV options the run recorded (schema 10, times 14); `mapping`, `dialect` and the time
    /// options may repeat them but not differ from them. A run from before schema 10 has none: it is read with
    /// `mapping` and `dialect`, and records them (the separator as found) once this rescore succeeds. A version the
    /// run already has is not scored again, but the input is still read to its end and checked to be the run's.
    /// - Parameters:
    ///   - timeFormat: The `--time-format` given, if any: the rows' times (for the version's day summaries) are read
    ///     with the format and zone the run recorded (schema 14), which a given one must repeat; a run from before
    ///     schema 14 reads them with the given ones (default: automatic at UTC) and records them.
    ///   - timeZone: The `--time-zone` given, if any (as `timeFormat`).
    ///   - warn: Called with each warning (a `context` rule without its columns) once the input is known to be the
    ///     run's.
    ///   - note: Called once the rescore is stored, when it stored strength estimates: what it stored.
    /// - Returns: `.rescored` with the version's total and unlocked counts on the run, `.tuningWritten` when the run
    ///   had scored it but lacked its tuning summary (now written), or `.alreadyScored` with the stored counts.
    /// - Throws: `ImportError.rescoreSettingDiffers` (before reading anything) when an option differs from the run's;
    ///   `ImportError.sourceMismatch` when the input is not the run's file; whatever else went wrong reading it.
    package func rescore(
        runID: Int64, version: StoredVersion, source: ImportSource, mapping: CSVColumnMapping,
        dialect: CSVDialect, timeFormat: TimeFormat? = nil, timeZone: TimeZone? = nil,
        warn: (CSVImportWarning) -> Void = { _ in }, note: (String) -> Void = { _ in }
    ) throws -> RescoreOutcome {
        let run = try rescorableRun(runID)
        let recorded = try workspace.runs.csvOptions(runID: runID)
        if let recorded,
            let difference = recorded.firstDifference(
                mapping: mapping, dialect: dialect, timeFormat: timeFormat, timeZone: timeZone)
        {
            throw ImportError.rescoreSettingDiffers(
                runID: runID, setting: difference.setting, recorded: difference.recorded, given: difference.given)
        }
        let (mapping, dialect) = recorded.map { ($0.mapping, $0.dialect) } ?? (mapping, dialect)
        let timeReader =
            recorded?.timeReader ?? TimeReader(format: timeFormat ?? .automatic, zone: timeZone)
        let policy = try PolicyCompiler.compile(PolicyLibrary(workspace: workspace).policy(of: version))
        let input = HashingByteSource(try source.openBytes())
        // A version the run has already scored is scored again only for a tuning summary it lacks (a run completed
        // before schema 13): its outcomes stay as they are.
        var tuningOnly = false
        if run.versionIDs.contains(version.id) {
            let existing = try workspace.summaries.versions(runID: runID).first { $0.policyVersionID == version.id }
            let outcome = CSVImportResult.VersionOutcome(
                reference: version.reference, total: existing?.total ?? 0, unlocked: existing?.unlocked ?? 0)
            guard outcome.total > 0, try workspace.summaries.tuningCells(runID: runID, versionID: version.id).isEmpty
            else {
                guard try input.drainedHex() == run.sourceSHA256 else { throw ImportError.sourceMismatch(runID: runID) }
                return .alreadyScored(outcome)
            }
            tuningOnly = true
        }
        let session = RunSession.reopen(run, in: workspace, adding: version.id)
        let strength = try StrengthPlan(run: run, policy: policy, workspace: workspace)
        let scorer = try strength.scorer(policy)
        scorer.timeReader = timeReader
        var tally = scorer.emptyTally(tracksStrength: strength.tracksStrength)
        let attempts: (candidateIDs: [Int64], masks: [UInt64], delimiter: CSVDialect.Delimiter)
        var warnings: [CSVImportWarning] = []
        var estimates: [CandidateStrength] = []
        do {
            attempts = try score(
                input, runID: runID, scorer: scorer, policy: (version.reference, policy.policy), tally: &tally,
                mapping: mapping, dialect: dialect, warnings: &warnings,
                stored: strength.stored, estimates: &estimates)
        } catch {
            // A file that is not the run's fails in many ways (no header, rows that do not line up); say the one
            // that matters.
            if (try? input.drainedHex()) != run.sourceSHA256 { throw ImportError.sourceMismatch(runID: runID) }
            throw error
        }
        guard input.finalizeHex() == run.sourceSHA256 else { throw ImportError.sourceMismatch(runID: runID) }
        try PolicyCompiler.checkCorpora(of: [policy.policy])
        warnings.forEach(warn)
        if tuningOnly {
            try session.addTuning(tally: tally)
            let versionTally = tally.versions[0]
            return .tuningWritten(
                .init(reference: version.reference, total: versionTally.total, unlocked: versionTally.unlocked))
        }
        let earlierRows = try strength.earlierRows(tally, workspace: workspace, runID: runID)
        try session.addVersion(
            candidateIDs: attempts.candidateIDs, masks: attempts.masks, tally: tally,
            csvOptions: recorded?.timeReader == nil
                ? RunCSVOptions(mapping: mapping, delimiter: attempts.delimiter, timeReader: timeReader) : nil,
            strengths: strength.estimates ? estimates : nil, earlierStrength: earlierRows.rows)
        if strength.estimates {
            note(
                "strength estimated and stored for the run's \(estimates.count) candidates (\(version.reference) has a "
                    + "strength rule)" + earlierRows.note)
        }
        let versionTally = tally.versions[0]
        return .rescored(
            .init(reference: version.reference, total: versionTally.total, unlocked: versionTally.unlocked))
    }

    /// Run `runID`, which a rescore may add a version to: one that exists, is complete and still holds its candidates.
    private func rescorableRun(_ runID: Int64) throws -> StoredRun {
        guard let run = try workspace.runs.run(id: runID) else {
            throw AuditStoreError.unknownRun(reference: "\(runID)")
        }
        guard run.status == .complete else {
            throw ImportError.runNotComplete(runID: runID, status: run.displayStatus)
        }
        if let prunedAt = run.prunedAt { throw PruneError.runPruned(runID: runID, prunedAt: prunedAt) }
        return run
    }

    /// Reads every record of `input`, pairs its accepted rows with the run's candidates and scores them from their
    /// bytes through `scorer`, the import's scoring step (outcomes only).
    private func score(
        _ input: HashingByteSource, runID: Int64, scorer: CandidateScorer,
        policy: (reference: String, policy: PasswordPolicy),
        tally: inout RunTally, mapping: CSVColumnMapping, dialect: CSVDialect, warnings: inout [CSVImportWarning],
        stored: [CandidateStrength]?, estimates: inout [CandidateStrength]
    ) throws -> (candidateIDs: [Int64], masks: [UInt64], delimiter: CSVDialect.Delimiter) {
        let candidates = try workspace.runs.candidateLines(runID: runID)
        let reader = try CSVReader(source: input, dialect: dialect)
        let validator = try CSVRowValidator(firstLine: reader.firstLine, mapping: mapping)
        warnings = CSVImportWarning.contextWarnings(for: [policy], validator: validator, mapping: mapping)
        var masks: [UInt64] = []
        masks.reserveCapacity(candidates.count)
        var next = 0
        while let record = try reader.next() {
            guard validator.rejection(of: record) == nil else { continue }
            let row = validator.fields(of: record)
            guard next < candidates.count, candidates[next].line == row.line else {
                throw ImportError.rowsMismatch(runID: runID, line: row.line)
            }
            if let stored {
                // The tuning keys carry the stored strength scores too.
                scorer.scoreOutcomes(row, strengthScore: Int(stored[next].score), into: &tally)
                tally.addStrength(score: Int(stored[next].score), masks: scorer.masks)
            } else if scorer.estimatesStrength {
                estimates.append(scorer.scoreOutcomesAndStrength(row, into: &tally))
            } else {
                scorer.scoreOutcomes(row, into: &tally)
            }
            masks.append(scorer.masks[0])
            next += 1
        }
        guard next == candidates.count else {
            throw ImportError.rowsMismatch(runID: runID, line: candidates[next].line)
        }
        return (candidates.map(\.id), masks, reader.delimiter)
    }
}
