import AuditRepositories
import Foundation
import PasswordPolicy
import PolicyCompliance
import PolicyReports
import PolicyTuning

/// Builds `pwaudit tune`: reads one version's tuning cells of one run (`run_tuning_cell`) and counts every setting of
/// the varied keys over them (`TuneSweep`), with the compliance catalogue's thresholds on those keys.
package struct TuneReportBuilder {
    private let workspace: AuditWorkspace

    /// A builder reading `workspace`.
    package init(workspace: AuditWorkspace) { self.workspace = workspace }

    /// Tunes the version `reference` names on the run `run` names (an id or `latest`; nil: the latest complete run
    /// that scored the version) with `variations`.
    /// - Throws: `AuditStoreError.unknownPolicy`/`.unknownRun`, `ReportError` (a run that did not score it or is not
    ///   complete), `TuneError` (a variant the summary cannot answer, a run without the summary).
    package func build(from reference: PolicyReference, run: String?, variations: [TuneVariation]) throws
        -> TuneReport
    {
        guard (1...2).contains(variations.count) else { throw TuneError.keyCount(variations.count) }
        let version = try PolicyLibrary(workspace: workspace).version(reference)
        let stored =
            if let run {
                try RunReportBuilder(workspace: workspace).run(run)
            } else {
                try latestRun(scoring: version)
            }
        return try build(version: version, run: stored, variations: variations)
    }

    /// Tunes `version` on `stored`, a complete run, with `variations`.
    /// - Throws: `ReportError.versionNotScored`, `TuneError`.
    package func build(version: StoredVersion, run stored: StoredRun, variations: [TuneVariation]) throws
        -> TuneReport
    {
        guard stored.versionIDs.contains(version.id) else {
            throw ReportError.versionNotScored(reference: version.reference, runID: stored.id)
        }
        // The rules' kinds are all tune reads: no word list needs its entries.
        let policy = try PasswordPolicy(json: Data(version.definition.utf8))
        let cells = try workspace.summaries.tuningCells(runID: stored.id, versionID: version.id)
        if cells.isEmpty,
            try workspace.summaries.versions(runID: stored.id).contains(where: {
                $0.policyVersionID == version.id && $0.total > 0
            })
        {
            throw TuneError.noSummary(
                runID: stored.id, reference: version.reference, backfillable: policy.readsStoredTuningFeatures)
        }
        let sweep = try TuneSweep(
            policy: policy, reference: version.reference, runID: stored.id, cells: cells, variations: variations)
        return TuneReport(
            pwauditVersion: PolicyAuditVersion.current, generatedAt: Date(),
            run: RunReportBuilder.provenance(stored), policy: RunReportBuilder.reference(version),
            keys: variations.map(\.key.rawValue), storedValues: sweep.storedValues.map { $0?.text },
            total: sweep.total, storedUnlocked: sweep.storedUnlocked, storedWeak: sweep.storedWeak,
            settings: sweep.outcomes.map { outcome in
                TuneReport.Setting(
                    values: outcome.values.map(\.text),
                    numbers: outcome.values.map {
                        if case .number(let number) = $0 { return number }
                        return nil
                    },
                    unlocked: outcome.unlocked, weak: outcome.weak,
                    isStored: zip(outcome.values, sweep.storedValues).allSatisfy { $0 == $1 })
            },
            marks: variations.contains { $0.key == .minLength } ? Self.lengthMarks(usage: policy.usage) : [])
    }

    /// The most recent complete run that scored `version`.
    private func latestRun(scoring version: StoredVersion) throws -> StoredRun {
        guard
            let run = try workspace.runs.list().first(where: {
                $0.status == .complete && $0.versionIDs.contains(version.id)
                    && !InteractiveCheckRecorder.isInteractive($0)
            })
        else { throw ReportError.noRunsForPolicy(name: version.name) }
        return run
    }

    /// Each standard's minimum length for `usage` (single-factor when not declared), as the compliance catalogue
    /// has it, once per standard and value.
    static func lengthMarks(usage: PolicyUsage?) -> [TuneReport.StandardMark] {
        var marks: [TuneReport.StandardMark] = []
        for standard in ComplianceCatalog.standards {
            for clause in standard.clauses {
                let value: Int?
                switch clause.check {
                case .minLength(let sole, let multi): value = usage == .multiFactor ? multi : sole
                case .minLengthUnlessUnsupported(let minimum, _): value = minimum
                case .lengthOrMFA(let alone, _, _): value = alone
                default: value = nil
                }
                guard let value, !marks.contains(where: { $0.label == standard.id && $0.value == value }) else {
                    continue
                }
                marks.append(
                    TuneReport.StandardMark(key: "min-length", value: value, label: standard.id, clause: clause.id))
            }
        }
        return marks
    }
}
