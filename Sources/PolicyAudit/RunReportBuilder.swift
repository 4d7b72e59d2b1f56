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
        let run = try run(reference)
        return try build(run: run, versions: try selectedVersions(policies, scoredBy: run.versionIDs, runID: run.id))
    }

    /// The versions `references` name: `NAME@N` as is, `NAME` as every version of NAME among `scored`.
    func selectedVersions(
        _ references: [PolicyReference], scoredBy scored: [Int64], runID: Int64
    ) throws -> [StoredVersion] {
        let library = PolicyLibrary(workspace: workspace)
        var selected: [StoredVersion] = []
        for reference in references {
            if reference.version != nil {
                selected.append(try library.version(reference))
                continue
            }
            _ = try library.version(reference)
            let named = try library.list().filter { $0.name == reference.name && scored.contains($0.id) }
            guard !named.isEmpty else { throw ReportError.versionNotScored(reference: reference.name, runID: runID) }
            selected += named
        }
        var seen = Set<Int64>()
        return selected.filter { seen.insert($0.id).inserted }
    }

    /// The report of `run`, restricted to `versions` when given (each must have been scored by the run).
    package func build(run: StoredRun, versions filter: [StoredVersion] = []) throws -> RunReport {
        let summaries = workspace.summaries
        for version in filter where !run.versionIDs.contains(version.id) {
            throw ReportError.versionNotScored(reference: version.reference, runID: run.id)
        }
        let versionIDs = filter.isEmpty ? run.versionIDs : filter.map(\.id)
        let totals = Dictionary(
            uniqueKeysWithValues: try summaries.versions(runID: run.id).map { ($0.policyVersionID, $0) })
        let rules = Dictionary(grouping: try summaries.rules(runID: run.id), by: \.policyVersionID)
        let pairs = Dictionary(grouping: try summaries.rulePairs(runID: run.id), by: \.policyVersionID)
        let breaches = Dictionary(
            try summaries.breaches(runID: run.id).map { ($0.policyVersionID, $0) }, uniquingKeysWith: { $1 })
        var versions: [VersionReport] = []
        for versionID in versionIDs {
            guard let record = try workspace.policies.version(id: versionID) else { continue }
            let ruleRows = try workspace.policies.rules(versionID: versionID)
            let byBit = Dictionary(uniqueKeysWithValues: ruleRows.map { ($0.bit, $0) })
            let total = totals[versionID]
            let ruleSummaries = rules[versionID] ?? []
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
                    topFailingPairs: (pairs[versionID] ?? []).compactMap { row in
                        guard let a = byBit[row.bitA], let b = byBit[row.bitB] else { return nil }
                        return RulePairCount(
                            ruleA: a.ruleID, ruleALabel: a.label, ruleB: b.ruleID, ruleBLabel: b.label,
                            count: row.failures)
                    },
                    breached: breaches[versionID].map(Self.breached)))
        }
        let reuse = try summaries.reuse(runID: run.id)
        // Every version of a run saw every candidate: the first version's undated days count them once.
        let undated = try summaries.days(runID: run.id).filter { $0.policyVersionID == run.versionIDs.first }
        func undatedCount(_ text: String) -> Int { undated.first { $0.day == text }?.total ?? 0 }
        return RunReport(
            pwauditVersion: PolicyAuditVersion.current, generatedAt: Date(), run: Self.provenance(run),
            rows: RowCounts(
                read: run.rowsRead, accepted: run.rowsAccepted, rejected: run.rowsRejected,
                rejectedByReason: try summaries.rejects(runID: run.id).map {
                    ReasonCount(reason: $0.reason, count: $0.count)
                }, timeNone: undatedCount(SubmissionDay.noneText),
                timeInvalid: undatedCount(SubmissionDay.invalidText)),
            versions: versions,
            features: RunFeatures(
                lengthHistogram: try summaries.lengths(runID: run.id).map {
                    LengthCount(length: $0.length, count: $0.count)
                },
                classComposition: try summaries.compositions(runID: run.id).map {
                    ClassCount(classes: $0.composition, count: $0.count)
                },
                reuse: ReuseSummary(
                    groupCount: reuse?.sharedGroups ?? 0, candidatesInGroups: reuse?.sharedCandidates ?? 0,
                    largestGroupSize: reuse?.largestGroup ?? 0)))
    }

    /// The report's breach buckets of a stored breach summary.
    static func breached(_ row: RunBreachSummaryRow) -> BreachedSummary {
        BreachedSummary(
            buckets: zip(RunBreachSummaryRow.bucketBounds, row.buckets).map {
                BreachedSummary.Bucket(lowest: $0.0.lowest, highest: $0.0.highest, count: $0.1)
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
