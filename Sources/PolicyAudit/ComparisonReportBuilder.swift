import AuditRepositories
import Foundation
import PolicyReports

/// Builds `pwaudit compare`: two policy versions on the same candidates of one complete run.
package struct ComparisonReportBuilder {
    private let workspace: AuditWorkspace

    /// A builder reading `workspace`.
    package init(workspace: AuditWorkspace) { self.workspace = workspace }

    /// Compares the versions `a` and `b` name (`NAME` = its latest version) on the run `run` names (an id or
    /// `latest`), or, when nil, on the most recent complete run that scored both.
    /// - Parameter note: Called with a note for the user when the run has no stored comparison (an older run): how to
    ///   backfill it.
    /// - Throws: `AuditStoreError.unknownPolicy`/`.unknownRun`, `ReportError` (same version, a version the run did not
    ///   score, no run scoring both, a run that is not complete).
    package func build(
        a: PolicyReference, b: PolicyReference, run reference: String?, note: (String) -> Void = { _ in }
    ) throws -> ComparisonReport {
        let library = PolicyLibrary(workspace: workspace)
        let (versionA, versionB) = (try library.version(a), try library.version(b))
        let run =
            if let reference {
                try RunReportBuilder(workspace: workspace).run(reference)
            } else {
                try latestRun(scoring: versionA, and: versionB)
            }
        return try build(run: run, a: versionA, b: versionB, note: note)
    }

    /// Compares `a` and `b` on `run`, which must have scored both, from the counts stored for the pair (the candidates
    /// per unlock cell and the rules of B failed by those A unlocks, written when the run completed): the 2×2 table and
    /// the rules that newly block are read off them. A run without them (imported by an older pwaudit) is counted by
    /// the store from its candidates, and `note` says how to backfill it.
    package func build(
        run: StoredRun, a: StoredVersion, b: StoredVersion, note: (String) -> Void = { _ in }
    ) throws -> ComparisonReport {
        guard a.id != b.id else { throw ReportError.sameVersion(reference: a.reference) }
        for version in [a, b] where !run.versionIDs.contains(version.id) {
            throw ReportError.versionNotScored(reference: version.reference, runID: run.id)
        }
        let counts: UnlockTransitionCounts
        if let stored = try workspace.runs.storedUnlockTransitions(runID: run.id, versionA: a.id, versionB: b.id) {
            counts = stored
        } else {
            counts = try workspace.runs.unlockTransitions(runID: run.id, versionA: a.id, versionB: b.id)
            note(SummaryBackfill.hint(runID: run.id))
        }
        let rules = Dictionary(uniqueKeysWithValues: try workspace.policies.rules(versionID: b.id).map { ($0.bit, $0) })
        let strengthRows = try workspace.summaries.strength(runID: run.id)
        let strength = { (id: Int64) -> StrengthSummary? in
            let rows = strengthRows.filter { $0.policyVersionID == id }
            guard !rows.isEmpty else { return nil }
            return StrengthSummary(
                scores: rows.map {
                    StrengthSummary.Score(score: $0.score, candidates: $0.candidates, unlocked: $0.unlocked)
                })
        }
        // Of the candidates A unlocks, those B unlocks are none of B's rules' failures: every failure counted under
        // A's unlock belongs to a candidate B newly blocks.
        return ComparisonReport(
            pwauditVersion: PolicyAuditVersion.current, generatedAt: Date(), run: RunReportBuilder.provenance(run),
            policyA: RunReportBuilder.reference(a), policyB: RunReportBuilder.reference(b),
            bothUnlocked: counts[unlockedUnderA: true, unlockedUnderB: true],
            onlyA: counts[unlockedUnderA: true, unlockedUnderB: false],
            onlyB: counts[unlockedUnderA: false, unlockedUnderB: true],
            neither: counts[unlockedUnderA: false, unlockedUnderB: false],
            newlyBlockedBy: counts.failuresUnlockedUnderA.compactMap { bit, count in
                guard count > 0 else { return nil }
                return rules[bit].map { RuleCount(ruleID: $0.ruleID, label: $0.label, count: count) }
            },
            strength: strength(a.id).flatMap { a in strength(b.id).map { StrengthMovement(a: a, b: $0) } })
    }

    /// The most recent complete run that scored both versions.
    private func latestRun(scoring a: StoredVersion, and b: StoredVersion) throws -> StoredRun {
        guard
            let run = try workspace.runs.list().first(where: {
                $0.status == .complete && $0.versionIDs.contains(a.id) && $0.versionIDs.contains(b.id)
            })
        else { throw ReportError.noRunScoringBoth(a: a.reference, b: b.reference) }
        return run
    }
}
