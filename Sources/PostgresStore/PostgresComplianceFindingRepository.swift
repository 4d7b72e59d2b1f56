import AuditRepositories
import AuditTime

/// `compliance_evaluation` and `compliance_finding` (migrations/postgresql/0006_compliance_findings.sql), for the
/// `PostgresAuditStore` still to come (issue 22, item 2).
package struct PostgresComplianceFindingRepository: ComplianceFindingRepository {
    private let connection: PostgresConnection

    /// Creates a repository over a migrated database.
    package init(connection: PostgresConnection) { self.connection = connection }

    /// The versions, by id, with no findings made by `pwauditVersion` (none yet, or another pwaudit's).
    package func versionIDs(notEvaluatedBy pwauditVersion: String) throws -> [Int64] {
        try connection.rows(
            """
            SELECT pv.id FROM policy_version pv LEFT JOIN compliance_evaluation e ON e.policy_version_id = pv.id
            WHERE e.pwaudit_version IS DISTINCT FROM $1 ORDER BY pv.id
            """, [.text(pwauditVersion)]
        ).map { row throws(PostgresError) in try row.int64(at: 0) }
    }

    /// Replaces version `versionID`'s findings in one transaction: its evaluation row goes (its findings cascade), a
    /// new one records `pwauditVersion`, and `findings` are written by `COPY … FROM STDIN`.
    package func replace(versionID: Int64, findings: [ComplianceFindingRow], evaluatedBy pwauditVersion: String)
        throws
    {
        try connection.inTransaction {
            _ = try connection.execute(
                "DELETE FROM compliance_evaluation WHERE policy_version_id = $1", [.integer(versionID)])
            _ = try connection.execute(
                "INSERT INTO compliance_evaluation (policy_version_id, pwaudit_version, evaluated_at) VALUES ($1, $2, $3)",
                [.integer(versionID), .text(pwauditVersion), .text(UTCInstant.now().text)])
            guard !findings.isEmpty else { return }
            _ = try connection.copy(
                """
                COPY compliance_finding (policy_version_id, standard, clause, title, level, severity, verdict,
                    policy_value, required_value, citation) FROM STDIN
                """
            ) { writer in
                for finding in findings {
                    writer.add(versionID)
                    for text in [
                        finding.standard, finding.clause, finding.title, finding.level, finding.severity,
                        finding.verdict, finding.policyValue, finding.requiredValue, finding.citation,
                    ] {
                        writer.add(text)
                    }
                    try writer.endRow()
                }
            }
        }
    }
}
