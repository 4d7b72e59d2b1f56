import AuditRepositories

/// Runs one user-written, read-only SQL statement on PostgreSQL (`pwaudit query`), as the database's reader role,
/// handing each row on as the server sends it.
///
/// Before anything is sent it refuses what `PostgresQueryGuard`'s scan finds (a second statement, `SET`,
/// `set_config`, locks, `COPY`, large objects, server files, `dblink`, …), then refuses to run at all as a superuser,
/// a role that may create roles, a member of a role that reads or writes the server's files or signals backends, or a
/// role that may write to any of pwaudit's tables (its owner, its writer): `query` runs as `<db>_reader`, whose only
/// rights are `SELECT` on the `v_*` views (`PostgresRoles`).
///
/// The statement runs in a `READ ONLY` transaction with, set locally: `statement_timeout` from the deadline's time
/// limit (the server stops it; the deadline is also looked at between rows, so a slow receiver stops it too),
/// `work_mem` (a sixteenth of the memory limit, 32 MiB by default, per sort or hash node), `hash_mem_multiplier = 1`
/// and no parallel workers, so one backend holds at most a few `work_mem`s; the reader's `temp_file_limit` (1 GiB,
/// set on the role by `PostgresRoleSetup`) bounds what it spills to disk. It is sent by the extended protocol
/// (`PQsendQueryParams`, <https://www.postgresql.org/docs/current/protocol-flow.html#PROTOCOL-FLOW-EXT-QUERY>), whose
/// parse refuses a second statement, and read in single-row mode: one row in memory, however many there are. A value
/// longer than `maximumValueBytes` stops the query as it arrives (the server itself caps a value at 1 GB).
///
/// Values come as `pwaudit query` shows them on SQLite, so results read alike on both stores: integers (`int2`, `int4`,
/// `int8`, `oid`), booleans (1/0) and whole `numeric`s (no fraction digits, as `sum` of a `bigint` gives) as integers,
/// `real`, `double` and other `numeric`s as reals, `bytea` as blobs, `timestamptz` as canonical UTC text
/// (`2026-07-01T00:00:00Z`), everything else as the server's text.
package final class PostgresQueryRunner: QueryRunner {
    private let connection: PostgresConnection

    /// A runner on `connection`, which should be connected as the database's reader role.
    package init(connection: PostgresConnection) { self.connection = connection }

    /// Checks `sql` and the role, then runs it within `limits`, handing `receiver` the columns and then each row.
    /// - Throws: `QueryError`, `PostgresError` when the connection fails, or what `receiver` threw.
    package func run(
        _ sql: String, parameters: QueryParameters, limits: QueryLimits, into receiver: any QueryRowReceiver
    ) throws {
        let (sql, names) = try PostgresNamedParameters.rewrite(sql)
        let values = try parameters.values(for: names).map(SQLValue.text)
        try PostgresQueryGuard.check(sql)
        let role = try checkedRole()
        let milliseconds = Int64(min(max(limits.deadline.seconds * 1000, 1), Double(Int32.max)).rounded(.up))
        let workMemory = max((limits.memoryBytes ?? QueryLimits.defaultMemoryBytes) / 16 / 1024, 64)
        try connection.inTransaction(.readOnly) {
            try connection.execute(
                "SET LOCAL statement_timeout = \(milliseconds); SET LOCAL idle_in_transaction_session_timeout = "
                    + "\(milliseconds); SET LOCAL standard_conforming_strings = on; SET LOCAL work_mem = "
                    + "\(workMemory); SET LOCAL hash_mem_multiplier = 1; "
                    + "SET LOCAL max_parallel_workers_per_gather = 0")
            try stream(sql, values, limits: limits, role: role, into: receiver)
        }
    }

    // MARK: The role

    /// The connected role and the database's reader role.
    private struct Role {
        let name: String
        let reader: String
    }

    /// The connected role, checked: it may only read.
    /// - Throws: `QueryError.privilegedRole` when it may do more.
    private func checkedRole() throws -> Role {
        let sql = """
            SELECT current_user, current_database(), r.rolsuper, r.rolcreaterole,
                   (SELECT string_agg(w.relname, ', ') FROM (
                        SELECT c.relname FROM pg_catalog.pg_class c
                        WHERE c.relnamespace = (\(PostgresRoleSetup.schemaQuery))::regnamespace
                          AND c.relkind IN ('r', 'p', 'v')
                          AND pg_catalog.has_table_privilege(c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE')
                        ORDER BY c.relname LIMIT 3) w),
                   (SELECT string_agg(g, ', ') FROM unnest(ARRAY['pg_read_server_files', 'pg_write_server_files',
                        'pg_execute_server_program', 'pg_signal_backend']) g
                    WHERE pg_catalog.pg_has_role(current_user, g, 'USAGE'))
            FROM pg_catalog.pg_roles r WHERE r.rolname = current_user
            """
        guard let row = try connection.firstRow(sql) else {
            throw PostgresError.unexpectedValue(column: 0, expected: "the connected role", sql: sql)
        }
        let name = row.string(at: 0) ?? ""
        let reader = PostgresRoles(database: row.string(at: 1) ?? "").reader
        let reason: String? =
            if try row.bool(at: 2) {
                "is a superuser"
            } else if try row.bool(at: 3) {
                "may create roles (CREATEROLE) and so give itself any other role's rights"
            } else if let tables = row.string(at: 4) {
                "may write to pwaudit's tables (\(tables))"
            } else if let groups = row.string(at: 5) {
                "is a member of \(groups)"
            } else {
                nil
            }
        if let reason { throw QueryError.privilegedRole(role: name, reason: reason, reader: reader) }
        return Role(name: name, reader: reader)
    }

    // MARK: Streaming

    /// Sends `sql` and hands its rows to `receiver` one at a time, stopping at the deadline or a value too long.
    private func stream(
        _ sql: String, _ values: [SQLValue], limits: QueryLimits, role: Role, into receiver: any QueryRowReceiver
    ) throws {
        var types: [UInt32] = []
        func describe(_ names: [String], _ columnTypes: [UInt32]) throws {
            types = columnTypes
            try receiver.receive(columns: names)
        }
        func hand(_ row: PostgresRow) throws {
            var values: [SQLValue] = []
            values.reserveCapacity(types.count)
            for index in types.indices {
                // bytea arrives as hex text, `\x` then two digits a byte.
                let bytes = row.byteCount(at: index)
                guard (types[index] == Self.byteaType ? (bytes - 2) / 2 : bytes) <= limits.maximumValueBytes else {
                    throw QueryError.valueTooLong(bytes: limits.maximumValueBytes)
                }
                values.append(try Self.value(row, at: index, type: types[index]))
            }
            try receiver.receive(row: values)
            if limits.deadline.hasPassed { throw QueryError.timedOut(seconds: limits.deadline.seconds) }
        }
        do {
            try connection.forEachRow(sql, values, columns: describe, hand)
        } catch let error as PostgresError {
            throw Self.queryError(error, seconds: limits.deadline.seconds, role: role)
        }
    }

    /// A column's value by its type OID (<https://www.postgresql.org/docs/current/datatype-oid.html>), as SQLite's
    /// runner would give it.
    private static func value(_ row: PostgresRow, at index: Int, type: UInt32) throws(PostgresError) -> SQLValue {
        guard !row.isNull(at: index) else { return .null }
        switch type {
        case 16: return .integer(try row.bool(at: index) ? 1 : 0)
        case 20, 21, 23, 26: return .integer(try row.int64(at: index))
        case 700, 701: return .real(try row.double(at: index))
        case numericType:
            // A whole numeric (no fraction digits: `sum` of a bigint column) is an integer, as SQLite's sum gives it.
            if let text = row.string(at: index), !text.contains("."), let whole = Int64(text) { return .integer(whole) }
            return .real(try row.double(at: index))
        case byteaType: return .blob(try row.blob(at: index) ?? [])
        case PostgresTime.timestamptzOID: return .text(PostgresTime.canonical(row.string(at: index) ?? ""))
        default: return .text(row.string(at: index) ?? "")
        }
    }

    /// `bytea`'s type OID.
    private static let byteaType: UInt32 = 17
    /// `numeric`'s type OID.
    private static let numericType: UInt32 = 1700

    /// The server's error in `pwaudit query`'s words.
    private static func queryError(_ error: PostgresError, seconds: Double, role: Role) -> any Error {
        guard case .statementFailed(let sqlState, let message, _) = error else { return error }
        switch sqlState {
        case "57014": return QueryError.timedOut(seconds: seconds)
        case "42501": return QueryError.permissionDenied(role: role.name, message: message, reader: role.reader)
        case "25006":
            return QueryError.refused(action: "a write or a row lock (\(message): it runs READ ONLY)")
        case "42601" where message.contains("multiple commands"): return QueryError.trailingStatement
        case "53100", "53400": return QueryError.outOfTemporarySpace
        case "0A000": return QueryError.refused(action: message)
        case _ where sqlState.hasPrefix("42"): return QueryError.invalid(message: message)
        default: return QueryError.failed(message: message)
        }
    }
}
