import AuditRepositories
import Foundation
import PasswordPolicy
import PolicyCSV

/// Scores an old run against a new policy version: re-reads the run's own file (verified by SHA-256, since no
/// password was kept) with the CSV options the run recorded, pairs its accepted rows with the stored candidates line
/// by line, and adds one attempt per candidate plus the version's summaries to the run.
package struct RunRescore {
    private let workspace: AuditWorkspace

    /// A rescore in `workspace`.
    package init(workspace: AuditWorkspace) { self.workspace = workspace }

    /// Rescores `runID` against `version` from `source` (a file or standard input), read as the import read it, in
    /// one pass that also hashes it: nothing is stored unless its SHA-256 is the run's.
    ///
    /// The file is read with the CSV options the run recorded (schema 10); `mapping` and `dialect` may repeat them but
    /// not differ from them. A run from before schema 10 has none: it is read with `mapping` and `dialect`, and records
    /// them (the separator as found) once this rescore succeeds. A version the run already has is not scored again,
    /// but the input is still read to its end and checked to be the run's.
    /// - Parameter warn: Called with each warning (a `context` rule without its columns) once the input is known to
    ///   be the run's.
    /// - Returns: `.rescored` with the version's total and unlocked counts on the run, or `.alreadyScored` with the
    ///   stored ones.
    /// - Throws: `ImportError.rescoreSettingDiffers` (before reading anything) when an option differs from the run's;
    ///   `ImportError.sourceMismatch` when the input is not the run's file; whatever else went wrong reading it.
    package func rescore(
        runID: Int64, version: StoredVersion, source: ImportSource, mapping: CSVColumnMapping,
        dialect: CSVDialect, warn: (CSVImportWarning) -> Void = { _ in }
    ) throws -> RescoreOutcome {
        guard let run = try workspace.runs.run(id: runID) else {
            throw AuditStoreError.unknownRun(reference: "\(runID)")
        }
        guard run.status == .complete else {
            throw ImportError.runNotComplete(runID: runID, status: run.displayStatus)
        }
        if let prunedAt = run.prunedAt { throw PruneError.runPruned(runID: runID, prunedAt: prunedAt) }
        let recorded = try workspace.runs.csvOptions(runID: runID)
        if let recorded, let difference = recorded.firstDifference(mapping: mapping, dialect: dialect) {
            throw ImportError.rescoreSettingDiffers(
                runID: runID, setting: difference.setting, recorded: difference.recorded, given: difference.given)
        }
        let (mapping, dialect) = recorded.map { ($0.mapping, $0.dialect) } ?? (mapping, dialect)
        let compiled = try CompiledPolicySet([
            PolicyCompiler.compile(PolicyLibrary(workspace: workspace).policy(of: version))
        ])
        let input = HashingByteSource(try source.openBytes())
        if run.versionIDs.contains(version.id) {
            guard try input.drainedHex() == run.sourceSHA256 else { throw ImportError.sourceMismatch(runID: runID) }
            let existing = try workspace.summaries.versions(runID: runID).first { $0.policyVersionID == version.id }
            return .alreadyScored(
                .init(reference: version.reference, total: existing?.total ?? 0, unlocked: existing?.unlocked ?? 0))
        }
        var tally = RunTally(
            ruleCounts: [compiled.policies[0].rules.count], breachRules: [compiled.policies[0].breachedRuleMask != 0])
        let attempts: (candidateIDs: [Int64], masks: [UInt64], delimiter: CSVDialect.Delimiter)
        var warnings: [CSVImportWarning] = []
        do {
            attempts = try score(
                input, runID: runID, compiled: compiled, reference: version.reference, tally: &tally,
                mapping: mapping, dialect: dialect, warnings: &warnings)
        } catch {
            // A file that is not the run's fails in many ways (no header, rows that do not line up); say the one
            // that matters.
            if (try? input.drainedHex()) != run.sourceSHA256 { throw ImportError.sourceMismatch(runID: runID) }
            throw error
        }
        guard input.finalizeHex() == run.sourceSHA256 else { throw ImportError.sourceMismatch(runID: runID) }
        try PolicyCompiler.checkCorpora(of: compiled.policies.map(\.policy))
        warnings.forEach(warn)
        try workspace.store.inTransaction {
            if recorded == nil {
                try workspace.runs.recordCSVOptions(
                    RunCSVOptions(mapping: mapping, delimiter: attempts.delimiter), runID: runID)
            }
            try workspace.runs.addVersions(runID: runID, versionIDs: [version.id])
            try workspace.store.insertOutcomes(
                runID: runID, versionID: version.id, candidateIDs: attempts.candidateIDs, masks: attempts.masks)
            var summary = try workspace.summaries.read(runID: runID)
            let added = RunCompletion.summary(of: tally, versionIDs: [version.id], reuse: summary.reuse)
            summary.versions += added.versions
            summary.rules += added.rules
            summary.rulePairs += added.rulePairs
            summary.days += added.days
            summary.dayRules += added.dayRules
            summary.breaches += added.breaches
            try workspace.summaries.write(runID: runID, summary: summary)
        }
        let versionTally = tally.versions[0]
        return .rescored(
            .init(reference: version.reference, total: versionTally.total, unlocked: versionTally.unlocked))
    }

    /// Reads every record of `input`, pairs its accepted rows with the run's candidates and scores them from their
    /// bytes through the policy set, as the import does (`CompiledPolicySet.failureMasks(of:into:)`).
    private func score(
        _ input: HashingByteSource, runID: Int64, compiled: CompiledPolicySet, reference: String,
        tally: inout RunTally, mapping: CSVColumnMapping, dialect: CSVDialect, warnings: inout [CSVImportWarning]
    ) throws -> (candidateIDs: [Int64], masks: [UInt64], delimiter: CSVDialect.Delimiter) {
        let candidates = try workspace.runs.candidateLines(runID: runID)
        let reader = try CSVReader(source: input, dialect: dialect)
        let validator = try CSVRowValidator(firstLine: reader.firstLine, mapping: mapping)
        warnings = CSVImportWarning.contextWarnings(
            for: [(reference, compiled.policies[0].policy)], validator: validator, mapping: mapping)
        var masks: [UInt64] = []
        masks.reserveCapacity(candidates.count)
        var rowMasks: [UInt64] = [0]
        let hasBreachedRules = compiled.policies[0].breachedRuleMask != 0
        var breachCounts = [0]
        var next = 0
        while let record = try reader.next() {
            guard validator.rejection(of: record) == nil else { continue }
            let row = validator.fields(of: record)
            guard next < candidates.count, candidates[next].line == row.line else {
                throw ImportError.rowsMismatch(runID: runID, line: row.line)
            }
            rowMasks.withUnsafeMutableBufferPointer { masks in
                breachCounts.withUnsafeMutableBufferPointer {
                    compiled.failureMasks(of: row, into: masks, breachCounts: $0)
                }
            }
            tally.addOutcomes(masks: rowMasks, day: SubmissionDay.number(row.submittedAt))
            if hasBreachedRules { tally.addBreaches(breachCounts) }
            masks.append(rowMasks[0])
            next += 1
        }
        guard next == candidates.count else {
            throw ImportError.rowsMismatch(runID: runID, line: candidates[next].line)
        }
        return (candidates.map(\.id), masks, reader.delimiter)
    }
}
