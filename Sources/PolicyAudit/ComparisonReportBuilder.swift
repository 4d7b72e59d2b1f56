import AuditRepositories
import Foundation
import PolicyReports

/// Builds `pwaudit compare`: two policy versions on the same candidates of one complete run.
package struct ComparisonReportBuilder {
    private let workspace: AuditWorkspace

    /// A builder reading `workspace`.
    package init(workspace: AuditWorkspace) { self.workspace = workspace }

    /// Compares `a` and `b` on `run`, which must have scored both.
    package func build(run: StoredRun, a: StoredVersion, b: StoredVersion) throws -> ComparisonReport {
        guard a.id != b.id else { throw ReportError.sameVersion(reference: a.reference) }
        for version in [a, b] where !run.versionIDs.contains(version.id) {
            throw ReportError.versionNotScored(reference: version.reference, runID: run.id)
        }
        let row = try workspace.runs.compare(runID: run.id, versionA: a.id, versionB: b.id)
        let rules = Dictionary(uniqueKeysWithValues: try workspace.policies.rules(versionID: b.id).map { ($0.bit, $0) })
        return ComparisonReport(
            pwauditVersion: PolicyAuditVersion.current, generatedAt: Date(), run: RunReportBuilder.provenance(run),
            policyA: RunReportBuilder.reference(a), policyB: RunReportBuilder.reference(b),
            bothUnlocked: row.bothUnlocked, onlyA: row.onlyA, onlyB: row.onlyB, neither: row.neither,
            newlyBlockedBy: row.newlyBlockedByBit.compactMap { bit, count in
                rules[bit].map { RuleCount(ruleID: $0.ruleID, label: $0.label, count: count) }
            })
    }

    /// The most recent complete run that scored both versions.
    package func latestRun(scoring a: StoredVersion, and b: StoredVersion) throws -> StoredRun {
        guard
            let run = try workspace.runs.list().first(where: {
                $0.status == .complete && $0.versionIDs.contains(a.id) && $0.versionIDs.contains(b.id)
            })
        else { throw ReportError.noRunScoringBoth(a: a.reference, b: b.reference) }
        return run
    }
}
