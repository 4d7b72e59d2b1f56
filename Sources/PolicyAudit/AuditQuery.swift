import AuditRepositories
import PolicyReports

/// `pwaudit query`: one read-only SQL statement over the database's tables and views (docs/schema.md,
/// docs/queries.md), refused by SQLite's authorizer if it would do anything but read, its rows written as they come.
package struct AuditQuery {
    /// The time limit when none is given, in seconds.
    package static let defaultTimeoutSeconds = 30.0

    private let workspace: AuditWorkspace

    /// A query over `workspace`, which should be open read-only (`AuditWorkspace.openReadOnly`).
    package init(workspace: AuditWorkspace) { self.workspace = workspace }

    /// Runs `sql` within `limits`, its `:NAME` parameters bound to `parameters` by the store, handing `writer` the
    /// columns and each row as the store produces it; the caller then finishes the writer (or, after an error, flushes
    /// the rows so far).
    /// - Throws: The store's query error (refused, trailing statement, invalid, failed, timed out, value too long, out
    ///   of memory: a `UserFacingError`), or what `writer`'s output threw.
    package func run(
        _ sql: String, parameters: QueryParameters = .none, limits: QueryLimits, into writer: QueryResultWriter
    ) throws {
        try workspace.queries.run(sql, parameters: parameters, limits: limits, into: Receiver(writer: writer))
    }

    /// Passes the store's rows on to the writer, as `QueryValue`s.
    private final class Receiver: QueryRowReceiver {
        let writer: QueryResultWriter

        init(writer: QueryResultWriter) { self.writer = writer }

        func receive(columns: [String]) throws { try writer.begin(columns: columns) }

        func receive(row: [SQLValue]) throws { try writer.write(row: row.map(Self.value)) }

        private static func value(_ value: SQLValue) -> QueryValue {
            switch value {
            case .null: .null
            case .integer(let number): .integer(number)
            case .real(let number): .real(number)
            case .text(let text): .text(text)
            case .blob(let bytes): .blob(bytes)
            }
        }
    }
}
