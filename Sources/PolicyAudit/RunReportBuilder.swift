import AuditRepositories
import Foundation
import PolicyCSV
import PolicyReports

/// Builds the report of one complete import run from its stored summaries (never by rescanning attempts).
package struct RunReportBuilder {
    private let workspace: AuditWorkspace

    /// A builder reading `workspace`.
    package init(workspace: AuditWorkspace) { self.workspace = workspace }

    /// The run to report on: `latest` (or nil) for the most recent complete import (an interactive `check --record`
    /// run only when there is nothing else), else a run id.
    /// - Throws: `ReportError.noCompleteRun` (naming a run being imported, if any) when no run is complete yet;
    ///   `AuditStoreError.unknownRun` when there is no such run, `ReportError.runNotComplete` when it is not complete.
    package func run(_ reference: String?) throws -> StoredRun {
        if reference == nil || reference == "latest" {
            let runs = try workspace.runs.list()
            let complete = runs.filter { $0.status == .complete }
            guard let latest = complete.first(where: { !InteractiveCheckRecorder.isInteractive($0) }) ?? complete.first
            else {
                throw ReportError.noCompleteRun(importing: runs.first { $0.status == .running && !$0.isStale }?.id)
            }
            return latest
        }
        guard let text = reference, let id = Int64(text), let run = try workspace.runs.run(id: id) else {
            throw AuditStoreError.unknownRun(reference: reference ?? "")
        }
        guard run.status == .complete else { throw ReportError.runNotComplete(runID: id, status: run.displayStatus) }
        return run
    }

    /// The report `pwaudit report [--run R] [--policy P]...` asks for: the run `run` names (nil or `latest`: the
    /// latest complete import), restricted to the versions `policies` name (`NAME@N` as is, `NAME` as every version
    /// of NAME the run scored; each once, in the order named).
    /// - Throws: as `run(_:)`; `AuditStoreError.unknownPolicy`, `ReportError.versionNotScored`.
    package func build(run reference: String?, policies: [PolicyReference]) throws -> RunReport {
        try build(runs: .one(reference), policies: policies)
    }

    /// The report of the runs `selection` names, restricted to the versions `policies` name: one run's report, or,
    /// for several runs (`--runs`, `--label`), one report adding up their stored summaries.
    ///
    /// In an aggregate, every figure that adds across runs is the sum of the runs' figures; fingerprint reuse, which
    /// does not (a password two runs share is in neither run's groups), is shown per run and marked so. A version is
    /// reported when at least one of the runs scored it; its figures are those of the runs that scored it, which it
    /// names (`scoredByRuns`), and a version scored by only some of them says so.
    /// - Throws: as `build(run:policies:)`; for an aggregate `ReportError.unknownRuns`, `.runNotCompleteToAdd`,
    ///   `.noCompleteRunLabelled`, `.versionNotScoredByRuns`.
    package func build(runs selection: ReportRunSelection, policies: [PolicyReference]) throws -> RunReport {
        let runs: [StoredRun]
        switch selection {
        case .one(let reference):
            let run = try run(reference)
            let scored = run.versionIDs
            let versions = try selectedVersions(policies, scoredBy: scored) {
                ReportError.versionNotScored(reference: $0, runID: run.id)
            }
            return try build(run: run, versions: versions)
        case .several(let ids): runs = try completeRuns(ids)
        case .labelled(let label):
            runs = try workspace.runs.list().filter { $0.status == .complete && $0.label == label }.reversed()
            guard !runs.isEmpty else { throw ReportError.noCompleteRunLabelled(label: label) }
        }
        let ids = runs.map(\.id)
        let scored = Array(Set(runs.flatMap(\.versionIDs))).sorted()
        let versions = try selectedVersions(policies, scoredBy: scored) {
            ReportError.versionNotScoredByRuns(reference: $0, runIDs: ids)
        }
        return try aggregate(runs, versionIDs: versions.isEmpty ? scored : versions.map(\.id))
    }

    /// Runs `ids`, by id, each once; every one must exist and be complete.
    private func completeRuns(_ ids: [Int64]) throws -> [StoredRun] {
        var runs: [StoredRun] = []
        var unknown: [Int64] = []
        for id in Array(Set(ids)).sorted() {
            guard let run = try workspace.runs.run(id: id) else {
                unknown.append(id)
                continue
            }
            runs.append(run)
        }
        guard unknown.isEmpty else { throw ReportError.unknownRuns(ids: unknown) }
        if let run = runs.first(where: { $0.status != .complete }) {
            throw ReportError.runNotCompleteToAdd(runID: run.id, status: run.displayStatus)
        }
        return runs
    }

    /// The versions `references` name: `NAME@N` as is (refused with `notScored` when not among `scored`), `NAME` as
    /// every version of NAME among `scored`; each once, in the order named.
    private func selectedVersions(
        _ references: [PolicyReference], scoredBy scored: [Int64], notScored: (String) -> ReportError
    ) throws -> [StoredVersion] {
        let library = PolicyLibrary(workspace: workspace)
        var selected: [StoredVersion] = []
        for reference in references {
            if reference.version != nil {
                let version = try library.version(reference)
                guard scored.contains(version.id) else { throw notScored(version.reference) }
                selected.append(version)
                continue
            }
            _ = try library.version(reference)
            let named = try library.list().filter { $0.name == reference.name && scored.contains($0.id) }
            guard !named.isEmpty else { throw notScored(reference.name) }
            selected += named
        }
        var seen = Set<Int64>()
        return selected.filter { seen.insert($0.id).inserted }
    }

    /// The report of `run`, restricted to `versions` when given (each must have been scored by the run).
    package func build(run: StoredRun, versions filter: [StoredVersion] = []) throws -> RunReport {
        for version in filter where !run.versionIDs.contains(version.id) {
            throw ReportError.versionNotScored(reference: version.reference, runID: run.id)
        }
        var figures = SummedRunFigures()
        try figures.add(run, from: workspace.summaries)
        let reuse = try workspace.summaries.reuse(runID: run.id)
        return try report(
            figures, versionIDs: filter.isEmpty ? run.versionIDs : filter.map(\.id), scoredBy: nil,
            run: Self.provenance(run), runs: [], reuse: Self.reuse(reuse))
    }

    /// One report adding up `runs` (by id), with `versionIDs`' figures summed over the runs that scored each.
    private func aggregate(_ runs: [StoredRun], versionIDs: [Int64]) throws -> RunReport {
        var figures = SummedRunFigures()
        var parts: [AggregatedRun] = []
        for run in runs {
            try figures.add(run, from: workspace.summaries)
            parts.append(
                AggregatedRun(
                    run: Self.provenance(run), candidates: run.rowsAccepted,
                    reuse: Self.reuse(try workspace.summaries.reuse(runID: run.id))))
        }
        return try report(
            figures, versionIDs: versionIDs,
            scoredBy: { id in runs.filter { $0.versionIDs.contains(id) }.map(\.id) }, run: nil, runs: parts,
            reuse: nil)
    }

    /// The report of `figures` for `versionIDs`; `scoredBy` names each version's runs in an aggregate.
    private func report(
        _ figures: SummedRunFigures, versionIDs: [Int64], scoredBy: ((Int64) -> [Int64])?, run: RunProvenance?,
        runs: [AggregatedRun], reuse: ReuseSummary?
    ) throws -> RunReport {
        var versions: [VersionReport] = []
        for versionID in versionIDs {
            guard let record = try workspace.policies.version(id: versionID) else { continue }
            let ruleRows = try workspace.policies.rules(versionID: versionID)
            let byBit = Dictionary(uniqueKeysWithValues: ruleRows.map { ($0.bit, $0) })
            let total = figures.totals[versionID]
            let ruleSummaries = (figures.rules[versionID] ?? [:]).values.sorted { $0.bit < $1.bit }
            versions.append(
                VersionReport(
                    policy: Self.reference(record), total: total?.total ?? 0,
                    unlocked: total?.unlocked ?? 0,
                    ruleFailures: ruleSummaries.compactMap { row in
                        byBit[row.bit].map {
                            RuleFailure(
                                ruleID: $0.ruleID, label: $0.label, kind: $0.kind, bit: row.bit, count: row.failures)
                        }
                    },
                    nearMisses: NearMisses(
                        count: total?.nearMiss ?? 0,
                        byRule: ruleSummaries.filter { $0.onlyFailure > 0 }.compactMap { row in
                            byBit[row.bit].map { RuleCount(ruleID: $0.ruleID, label: $0.label, count: row.onlyFailure) }
                        }),
                    topFailingPairs: (figures.pairs[versionID] ?? [:]).compactMap { pair, failures in
                        guard let a = byBit[pair.bitA], let b = byBit[pair.bitB] else { return nil }
                        return RulePairCount(
                            ruleA: a.ruleID, ruleALabel: a.label, ruleB: b.ruleID, ruleBLabel: b.label,
                            count: failures)
                    },
                    breached: figures.breaches[versionID].map(Self.breached),
                    strength: figures.strength[versionID].map(Self.strength), scoredByRuns: scoredBy?(versionID),
                    lengthLimits: Self.lengthLimits(ruleRows)))
        }
        return RunReport(
            pwauditVersion: PolicyAuditVersion.current, generatedAt: Date(), run: run, runs: runs,
            rows: RowCounts(
                read: figures.read, accepted: figures.accepted, rejected: figures.rejected,
                rejectedByReason: figures.rejects.map { ReasonCount(reason: $0.key, count: $0.value) },
                timeNone: figures.timeNone, timeInvalid: figures.timeInvalid),
            versions: versions,
            features: RunFeatures(
                lengthHistogram: figures.lengths.map { LengthCount(length: $0.key, count: $0.value) },
                classComposition: figures.compositions.map { ClassCount(classes: $0.key, count: $0.value) },
                reuse: reuse))
    }

    /// The report's reuse figures of a stored reuse summary (none stored: no reuse).
    static func reuse(_ row: RunReuseSummaryRow?) -> ReuseSummary {
        ReuseSummary(
            groupCount: row?.sharedGroups ?? 0, candidatesInGroups: row?.sharedCandidates ?? 0,
            largestGroupSize: row?.largestGroup ?? 0)
    }

    /// The report's breach buckets of a stored breach summary.
    static func breached(_ row: RunBreachSummaryRow) -> BreachedSummary {
        BreachedSummary(
            buckets: zip(RunBreachSummaryRow.bucketBounds, row.buckets).map {
                BreachedSummary.Bucket(lowest: $0.0.lowest, highest: $0.0.highest, count: $0.1)
            })
    }

    /// The report's strength section of a version's summed strength rows (one per score, 0 first).
    static func strength(_ scores: [(candidates: Int, unlocked: Int)]) -> StrengthSummary {
        StrengthSummary(
            scores: scores.enumerated().map {
                StrengthSummary.Score(
                    score: $0.offset, candidates: $0.element.candidates, unlocked: $0.element.unlocked)
            })
    }

    /// The report's reference to a stored version.
    static func reference(_ record: StoredVersion) -> PolicyVersionRef {
        PolicyVersionRef(
            name: record.name, version: record.number, definitionSHA256: record.definitionSHA256,
            effectiveFrom: EffectiveDate.parse(record.effectiveFrom))
    }

    /// The report's provenance of a stored run.
    static func provenance(_ run: StoredRun) -> RunProvenance {
        RunProvenance(
            runID: run.id, label: run.label, sourceFileName: run.sourceName, sourceSizeBytes: run.sourceBytes,
            sourceSHA256: run.sourceSHA256,
            startedAt: EffectiveDate.parse(run.startedAt) ?? Date(timeIntervalSince1970: 0),
            finishedAt: run.finishedAt.flatMap(EffectiveDate.parse), status: run.status.rawValue)
    }
}
