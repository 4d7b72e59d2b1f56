import PolicyStore

/// Read-only SQL as `AuditQuery` runs it: one statement, reading only, within a time limit.
package protocol QueryRunner {
    /// Runs `sql` (one statement that only reads), stopping it after `timeoutSeconds`.
    /// - Throws: `QueryError`.
    func run(_ sql: String, timeoutSeconds: Double) throws(QueryError) -> QueryRows
}

extension SQLiteQueryRunner: QueryRunner {}
