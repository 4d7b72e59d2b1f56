import AuditRepositories
import PolicyCompliance

/// Keeps every stored policy version's compliance findings (`v_compliance_finding`) those of this pwaudit: the
/// standards are judged in Swift, so the store holds their verdicts for `pwaudit query`.
struct ComplianceFindingRefresh {
    let workspace: AuditWorkspace

    /// Judges every version whose findings are missing or were made by another pwaudit version; a stored definition
    /// this pwaudit cannot load keeps no findings (its reports say why).
    func refresh() throws {
        let store = workspace.store
        for id in try store.findings.versionIDs(notEvaluatedBy: PolicyAuditVersion.current) {
            guard let version = try workspace.policies.version(id: id) else { continue }
            try record(version)
        }
    }

    /// Judges `version` against every standard and stores the findings.
    func record(_ version: StoredVersion) throws {
        // The policy as `pwaudit compliance` judges it: stored word lists attached, so list sizes count.
        guard let policy = try? PolicyLibrary(workspace: workspace).policy(of: version) else { return }
        let assessment = ComplianceEvaluator.evaluate(policy, against: ComplianceCatalog.standards)
        let rows = assessment.results.flatMap { result in
            result.findings.map { finding in
                ComplianceFindingRow(
                    standard: result.standard, clause: finding.clause, title: finding.title,
                    level: finding.level.rawValue, severity: finding.severity.rawValue,
                    verdict: finding.verdict.rawValue, policyValue: finding.policyValue,
                    requiredValue: finding.requiredValue, citation: finding.citation)
            }
        }
        try workspace.store.findings.replace(
            versionID: version.id, findings: rows, evaluatedBy: PolicyAuditVersion.current)
    }
}
