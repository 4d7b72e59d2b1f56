import AuditRepositories

/// `compliance_evaluation` and `compliance_finding` (schema 6).
package struct SQLiteComplianceFindingRepository: ComplianceFindingRepository {
    let database: Database

    /// A repository over `database`, which must be migrated.
    package init(database: Database) { self.database = database }

    package func versionIDs(notEvaluatedBy pwauditVersion: String) throws -> [Int64] {
        let statement = try database.cachedStatement(
            """
            SELECT pv.id FROM policy_version pv LEFT JOIN compliance_evaluation e ON e.policy_version_id = pv.id
            WHERE e.pwaudit_version IS NOT ?1 ORDER BY pv.id
            """)
        defer { statement.reset() }
        statement.bind(pwauditVersion, at: 1)
        var ids: [Int64] = []
        while try statement.step() { ids.append(statement.int64(at: 0)) }
        return ids
    }

    package func replace(versionID: Int64, findings: [ComplianceFindingRow], evaluatedBy pwauditVersion: String)
        throws
    {
        try database.inTransaction {
            try database.execute(
                "DELETE FROM compliance_evaluation WHERE policy_version_id = ?1", [.integer(versionID)])
            try database.execute(
                "INSERT INTO compliance_evaluation (policy_version_id, pwaudit_version, evaluated_at) VALUES (?1, ?2, ?3)",
                [.integer(versionID), .text(pwauditVersion), .text(Timestamp.now())])
            let insert = try database.cachedStatement(
                """
                INSERT INTO compliance_finding (policy_version_id, standard, clause, title, level, severity, verdict,
                    policy_value, required_value, citation)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
                """)
            for finding in findings {
                insert.bind(versionID, at: 1)
                for (index, text) in [
                    finding.standard, finding.clause, finding.title, finding.level, finding.severity, finding.verdict,
                    finding.policyValue, finding.requiredValue, finding.citation,
                ].enumerated() {
                    insert.bind(text, at: Int32(index + 2))
                }
                try insert.execute()
            }
        }
    }
}
