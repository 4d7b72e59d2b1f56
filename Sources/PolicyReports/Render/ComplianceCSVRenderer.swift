/// Renders a compliance report as one tidy CSV: a row per version × clause, then a row per version × conflict.
///
/// Columns: `policy, standard, status, clause, level, severity, verdict, policy_value, required_value, citation,
/// evidence_count, evidence_total, evidence`; a conflict row has `conflict:C1` as its clause and its summary as
/// `policy_value`. Cells are quoted and neutralised as in the run report's CSV.
struct ComplianceCSVRenderer {
    static let header = [
        "policy", "standard", "status", "clause", "level", "severity", "verdict", "policy_value", "required_value",
        "citation", "evidence_count", "evidence_total", "evidence",
    ]

    /// The report as CSV, CRLF line endings.
    func render(_ report: ComplianceReport) -> String {
        var rows = [Self.header]
        for version in report.versions {
            for result in version.results {
                for finding in result.findings {
                    let evidence = version.evidence(for: finding.clause)
                    rows.append([
                        version.policy.reference, result.standard, result.status.rawValue, finding.clause,
                        finding.level.rawValue, finding.severity.rawValue, finding.verdict.rawValue,
                        finding.policyValue,
                        finding.requiredValue, finding.citation, evidence.map { String($0.count) } ?? "",
                        evidence.map { String($0.total) } ?? "", evidence?.phrase ?? "",
                    ])
                }
            }
            for conflict in version.conflicts {
                rows.append([
                    version.policy.reference, "", conflict.isActive ? "active" : "not-in-tension",
                    "conflict:\(conflict.conflict)", "", "", "", conflict.summary, conflict.resolution, "", "", "", "",
                ])
            }
        }
        return rows.map { $0.map(ReportCSVRow.field).joined(separator: ",") + "\r\n" }.joined()
    }
}
