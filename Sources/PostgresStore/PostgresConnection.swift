import AuditRepositories
import CLibPQ
import LibC

/// One libpq connection (`PGconn*`): connects by any libpq connection string, runs parameterised statements in text
/// format, streams results row by row, and closes with `PQfinish` when released.
///
/// Connecting follows <https://www.postgresql.org/docs/current/libpq-connect.html> (`PQconnectdbParams` with
/// `expand_dbname`, so a URI or `key=value` words work, with a 10 s `connect_timeout` and `application_name=pwaudit`
/// that the string may override). The session then uses UTF-8, `TimeZone = 'UTC'` and ISO dates, so times read back
/// in one form whatever the server's defaults. Notices (`NOTICE: … skipping`) are dropped instead of going to stderr.
///
/// Results of `forEachRow` are read in single-row mode
/// (<https://www.postgresql.org/docs/current/libpq-single-row-mode.html>): one row in memory at a time, however large
/// the result. Not `Sendable`: one thread uses a connection at a time.
package final class PostgresConnection {
    /// The raw `PGconn*`.
    let handle: OpaquePointer
    /// Where it is connected; shown only as `address.displayText`.
    package let address: PostgresAddress

    /// Connects to `address`.
    /// - Throws: `PostgresError.invalidAddress` if the string does not parse, `.connectionFailed` if no server
    ///   accepts it; neither carries the password.
    package init(_ address: PostgresAddress) throws(PostgresError) {
        self.address = address
        var parseMessage: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(address.connectionString, &parseMessage) else {
            let reason = parseMessage.map { String(cString: $0) } ?? "out of memory"
            PQfreemem(parseMessage)
            throw .invalidAddress(address: address.displayText, reason: address.redact(Self.trimmed(reason)))
        }
        PQconninfoFree(options)
        // Defaults first: keywords are processed in order, so the expanded connection string overrides them.
        let keywords = ["connect_timeout", "application_name", "client_encoding", "dbname"]
        let values = ["10", "pwaudit", "UTF8", address.connectionString]
        let connection = withCStrings(keywords) { keywords in
            withCStrings(values) { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let connection else {
            throw .connectionFailed(address: address.displayText, reason: "libpq could not allocate a connection")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let reason = address.redact(Self.trimmed(String(cString: PQerrorMessage(connection))))
            PQfinish(connection)
            throw .connectionFailed(address: address.displayText, reason: reason)
        }
        handle = connection
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
        try execute("SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; SET IntervalStyle = 'iso_8601'")
    }

    /// Connects to the server a libpq connection string names.
    package convenience init(_ connectionString: String) throws(PostgresError) {
        try self.init(PostgresAddress(connectionString))
    }

    deinit { PQfinish(handle) }

    /// Whether a transaction is open (or failed and not yet rolled back).
    package var isInsideTransaction: Bool { PQtransactionStatus(handle) != PQTRANS_IDLE }

    /// The server's version as a number, e.g. 150018 for 15.18 (`PQserverVersion`).
    package var serverVersion: Int { Int(PQserverVersion(handle)) }

    // MARK: Running SQL

    /// Runs one or more statements that take no parameters (`PQexec`), e.g. DDL; any rows they return are dropped.
    package func execute(_ sql: String) throws(PostgresError) {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result, sql: sql, values: [])
    }

    /// Runs one statement with `values` bound to `$1`, `$2`, … in text format and returns the rows it changed (or
    /// returned).
    @discardableResult
    package func execute(_ sql: String, _ values: [SQLValue]) throws(PostgresError) -> Int {
        let result = PostgresResult(try run(sql, values), sql: sql)
        return result.affectedRows
    }

    /// Runs one statement with `values` bound to `$1`, `$2`, … and returns all its rows: for small results (a run, a
    /// policy's versions). Large results go through `forEachRow`.
    package func rows(_ sql: String, _ values: [SQLValue] = []) throws(PostgresError) -> [PostgresRow] {
        let result = PostgresResult(try run(sql, values), sql: sql)
        return (0..<result.rowCount).map { PostgresRow(result: result, row: Int32($0)) }
    }

    /// The first row of `sql`'s result, or nil when it returns none.
    package func firstRow(_ sql: String, _ values: [SQLValue] = []) throws(PostgresError) -> PostgresRow? {
        let result = PostgresResult(try run(sql, values), sql: sql)
        return result.rowCount > 0 ? PostgresRow(result: result, row: 0) : nil
    }

    /// Runs one statement and hands its rows to `body` one at a time, each read from the server as `body` asks for it
    /// (single-row mode), so memory stays flat. If `body` throws, the statement is cancelled and its error rethrown.
    /// - Parameter columns: Called once, before any row (also when there is none), with the result's column names and
    ///   type OIDs (`PQftype`).
    /// - Returns: The number of rows handed to `body`.
    @discardableResult
    package func forEachRow(
        _ sql: String, _ values: [SQLValue] = [],
        columns: ((_ names: [String], _ types: [UInt32]) throws -> Void)? = nil,
        _ body: (PostgresRow) throws -> Void
    ) throws -> Int {
        let sent = withTextParameters(values) { count, pointers in
            PQsendQueryParams(handle, sql, count, nil, pointers, nil, nil, 0)
        }
        guard sent == 1 else { throw connectionError(sql: sql) }
        guard PQsetSingleRowMode(handle) == 1 else {
            drain()
            throw PostgresError.statementFailed(sqlState: "XX000", message: "single-row mode was refused", sql: sql)
        }
        var rows = 0
        var failure: (any Error)?
        var describe = columns
        while let raw = PQgetResult(handle) {
            let result = PostgresResult(raw, sql: sql)
            guard failure == nil else { continue }  // drain what is left after a failure
            let status = PQresultStatus(raw)
            if let describing = describe, status == PGRES_SINGLE_TUPLE || status == PGRES_TUPLES_OK {
                describe = nil
                let count = PQnfields(raw)
                do {
                    try describing(
                        (0..<count).map { String(cString: PQfname(raw, $0)) }, (0..<count).map { PQftype(raw, $0) })
                } catch {
                    failure = error
                    cancel()
                    continue
                }
            }
            switch status {
            case PGRES_SINGLE_TUPLE:
                do {
                    try body(PostgresRow(result: result, row: 0))
                    rows += 1
                } catch {
                    failure = error
                    cancel()
                }
            case PGRES_TUPLES_OK, PGRES_COMMAND_OK: break
            case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
                endUnexpectedCopy(status)
                failure = Self.unexpectedCopy(sql)
            default: failure = error(from: raw, sql: sql, values: values)
            }
        }
        if let failure { throw failure }
        return rows
    }

    /// Sends `sql` with `values` and waits for its one result, checked.
    private func run(_ sql: String, _ values: [SQLValue]) throws(PostgresError) -> OpaquePointer {
        let result = withTextParameters(values) { count, pointers in
            PQexecParams(handle, sql, count, nil, pointers, nil, nil, 0)
        }
        guard let result else { throw connectionError(sql: sql) }
        do {
            try check(result, sql: sql, values: values)
        } catch {
            PQclear(result)
            throw error
        }
        return result
    }

    /// Throws the error a result carries, if it is not a success.
    /// - Parameter copyIn: Whether `PGRES_COPY_IN` is what the caller expects (`copy(_:_:)`); any other COPY state is
    ///   ended (so the connection stays usable) and refused.
    func check(_ result: OpaquePointer?, sql: String, values: [SQLValue], copyIn: Bool = false) throws(PostgresError) {
        guard let result else { throw connectionError(sql: sql) }
        let status = PQresultStatus(result)
        switch status {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY: return
        case PGRES_COPY_IN where copyIn: return
        case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
            endUnexpectedCopy(status)
            throw Self.unexpectedCopy(sql)
        default: throw error(from: result, sql: sql, values: values)
        }
    }

    /// Ends a COPY that a statement other than `copy(_:_:)` started (a `COPY … TO STDOUT` run as a query): its input
    /// is ended with an error, its output read and dropped, and the results after it drained.
    private func endUnexpectedCopy(_ status: ExecStatusType) {
        if status == PGRES_COPY_IN || status == PGRES_COPY_BOTH {
            _ = PQputCopyEnd(handle, "pwaudit runs no COPY here")
        }
        if status == PGRES_COPY_OUT || status == PGRES_COPY_BOTH {
            var buffer: UnsafeMutablePointer<CChar>?
            while PQgetCopyData(handle, &buffer, 0) > 0 {
                PQfreemem(buffer)
                buffer = nil
            }
        }
        drain()
    }

    private static func unexpectedCopy(_ sql: String) -> PostgresError {
        .statementFailed(sqlState: "0A000", message: "a COPY may run only through copy(_:_:)", sql: sql)
    }

    /// The error of a failed result: the server's SQLSTATE and primary message, made safe.
    func error(from result: OpaquePointer, sql: String, values: [SQLValue]) -> PostgresError {
        if PQstatus(handle) == CONNECTION_BAD { return connectionError(sql: sql) }
        let sqlState = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? "XX000"
        let primary =
            PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
            ?? Self.trimmed(String(cString: PQresultErrorMessage(result)))
        let texts = values.compactMap { value -> String? in
            if case .text(let text) = value { return text }
            return nil
        }
        return .statementFailed(
            sqlState: sqlState,
            message: PostgresError.serverMessage(primary, sqlState: sqlState, values: texts, address: address), sql: sql
        )
    }

    /// The connection's own error (lost, never sent), redacted.
    func connectionError(sql: String) -> PostgresError {
        let reason = address.redact(Self.trimmed(String(cString: PQerrorMessage(handle))))
        if PQstatus(handle) == CONNECTION_BAD { return .connectionFailed(address: address.displayText, reason: reason) }
        return .statementFailed(sqlState: "08000", message: reason, sql: sql)
    }

    /// Asks the server to cancel the statement in progress (`PQcancel`); its results are then drained as usual.
    private func cancel() {
        guard let cancel = PQgetCancel(handle) else { return }
        var buffer = [CChar](repeating: 0, count: 256)
        _ = PQcancel(cancel, &buffer, Int32(buffer.count))
        PQfreeCancel(cancel)
    }

    /// Reads and drops every pending result.
    func drain() {
        while let result = PQgetResult(handle) { PQclear(result) }
    }

    /// libpq's message without its trailing newline, on one line.
    static func trimmed(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }.joined(separator: " ")
    }

    /// Calls `body` with `values` as NUL-terminated text parameters (NULL for `.null`), as `PQexecParams` takes them.
    private func withTextParameters<R>(
        _ values: [SQLValue], _ body: (Int32, UnsafePointer<UnsafePointer<CChar>?>?) -> R
    ) -> R {
        let texts = values.map(Self.text(of:))
        let pointers: [UnsafeMutablePointer<CChar>?] = texts.map { $0.flatMap { strdup($0) } }
        defer { for pointer in pointers { free(pointer) } }
        return pointers.map { UnsafePointer($0) }.withUnsafeBufferPointer { buffer in
            body(Int32(values.count), buffer.baseAddress)
        }
    }

    /// A value in PostgreSQL's text input form: integers and doubles as written, blobs as `bytea` hex (`\x…`).
    static func text(of value: SQLValue) -> String? {
        switch value {
        case .integer(let integer): String(integer)
        case .real(let double):
            double.isNaN ? "NaN" : double.isInfinite ? (double < 0 ? "-Infinity" : "Infinity") : "\(double)"
        case .text(let text): text
        case .blob(let bytes): "\\x" + PostgresRow.hex(bytes)
        case .null: nil
        }
    }
}

/// Calls `body` with `strings` as a NULL-terminated array of C strings.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return pointers.map { UnsafePointer($0) }.withUnsafeBufferPointer { body($0.baseAddress!) }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
