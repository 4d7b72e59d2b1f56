import AuditRepositories

/// Runs one user-written, read-only SQL statement on PostgreSQL (`pwaudit query`), handing each row on as the server
/// sends it (single-row mode).
///
/// Refused before the server sees it: what `PostgresQueryGuard` refuses (every command but a query, `INTO`, functions
/// that change settings, lock, touch files or other servers). Then the statement runs over the extended protocol
/// (one statement only) inside `BEGIN READ ONLY` with `SET LOCAL statement_timeout` from the limits' time, so the
/// server refuses every write, and the deadline is checked again after each row. A value longer than
/// `maximumValueBytes` stops the query. `memoryBytes` (SQLite's process-wide heap limit) has no counterpart: the
/// client holds one row at a time, and the server's memory is the server's to bound.
///
/// Values come as `pwaudit query` shows them on SQLite: integers and booleans (1/0) as integers, `real`, `double` and
/// `numeric` as reals, `bytea` as blobs, `timestamptz` as canonical UTC text (`2026-07-01T00:00:00Z`), everything else
/// as text. What remains for least privilege (issue 22 item 4): running as a reader role and refusing a superuser.
package struct PostgresQueryRunner: QueryRunner {
    private let connection: PostgresConnection

    /// A runner on `connection`.
    package init(connection: PostgresConnection) { self.connection = connection }

    /// Checks and runs `sql` within `limits`, handing `receiver` the columns and then each row.
    /// - Throws: `PostgresQueryError`, or what `receiver` threw.
    package func run(_ sql: String, limits: QueryLimits, into receiver: any QueryRowReceiver) throws {
        try PostgresQueryGuard.check(sql)
        let milliseconds = max(1, Int64(min(limits.deadline.seconds * 1000, 2_000_000_000).rounded(.up)))
        var types: [UInt32] = []
        try connection.inTransaction(.readOnly) {
            try connection.execute("SET LOCAL statement_timeout = \(milliseconds)")
            do {
                try connection.forEachRow(
                    sql, [],
                    columns: { names, columnTypes in
                        types = columnTypes
                        try receiver.receive(columns: names)
                    }
                ) { row in
                    var values: [SQLValue] = []
                    values.reserveCapacity(types.count)
                    for index in types.indices {
                        if row.byteCount(at: index) > limits.maximumValueBytes {
                            throw PostgresQueryError.valueTooLong(bytes: limits.maximumValueBytes)
                        }
                        values.append(try Self.value(row, at: index, type: types[index]))
                    }
                    try receiver.receive(row: values)
                    if limits.deadline.hasPassed { throw PostgresQueryError.timedOut(seconds: limits.deadline.seconds) }
                }
            } catch let error as PostgresError {
                throw Self.queryError(error, seconds: limits.deadline.seconds)
            }
        }
    }

    /// A column's value by its type OID (<https://www.postgresql.org/docs/current/datatype-oid.html>).
    private static func value(_ row: PostgresRow, at index: Int, type: UInt32) throws(PostgresError) -> SQLValue {
        guard !row.isNull(at: index) else { return .null }
        switch type {
        case 16: return .integer(try row.bool(at: index) ? 1 : 0)
        case 20, 21, 23, 26: return .integer(try row.int64(at: index))
        case 700, 701, 1700: return .real(try row.double(at: index))
        case 17: return .blob(try row.blob(at: index) ?? [])
        case PostgresTime.timestamptzOID: return .text(PostgresTime.canonical(row.string(at: index) ?? ""))
        default: return .text(row.string(at: index) ?? "")
        }
    }

    /// The server's error in `pwaudit query`'s terms.
    private static func queryError(_ error: PostgresError, seconds: Double) -> any Error {
        guard case .statementFailed(let sqlState, let message, _) = error else { return error }
        switch sqlState {
        case "25006": return PostgresQueryError.refused(action: "a statement that writes (\(message))")
        case "57014": return PostgresQueryError.timedOut(seconds: seconds)
        case "42601" where message.contains("multiple commands"): return PostgresQueryError.trailingStatement
        case "42501": return PostgresQueryError.refused(action: message)
        default:
            return sqlState.hasPrefix("42")
                ? PostgresQueryError.invalid(message: message) : PostgresQueryError.failed(message: message)
        }
    }
}
