import AuditRepositories
import PolicyReports

/// `pwaudit query`: one read-only SQL statement over the database's tables and views (docs/schema.md,
/// docs/queries.md), refused by SQLite's authorizer if it would do anything but read.
package struct AuditQuery {
    /// The time limit when none is given, in seconds.
    package static let defaultTimeoutSeconds = 30.0

    private let workspace: AuditWorkspace

    /// A query over `workspace`, which should be open read-only (`AuditWorkspace.openReadOnly`).
    package init(workspace: AuditWorkspace) { self.workspace = workspace }

    /// Runs `sql`, stopping it after `timeoutSeconds`.
    /// - Returns: The result's columns and rows.
    /// - Throws: `QueryError` (refused, trailing statement, invalid, failed, timed out).
    package func run(_ sql: String, timeoutSeconds: Double = defaultTimeoutSeconds) throws -> QueryResult {
        let rows = try workspace.queries.run(sql, timeoutSeconds: timeoutSeconds)
        return QueryResult(columns: rows.columns, rows: rows.rows.map { $0.map(Self.value) })
    }

    private static func value(_ value: SQLValue) -> QueryResult.Value {
        switch value {
        case .null: .null
        case .integer(let number): .integer(number)
        case .real(let number): .real(number)
        case .text(let text): .text(text)
        case .blob(let bytes): .blob(bytes)
        }
    }
}
