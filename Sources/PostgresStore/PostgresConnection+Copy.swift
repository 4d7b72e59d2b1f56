import CLibPQ

/// `COPY … FROM STDIN` (<https://www.postgresql.org/docs/current/libpq-copy.html>).
extension PostgresConnection {
    /// Runs `sql` (a `COPY table (columns) FROM STDIN`, text format) and lets `body` write its rows.
    ///
    /// If `body` throws, the copy is ended with an error (`PQputCopyEnd` with a message), so the server keeps none of
    /// its rows, and `body`'s error is rethrown. A row the server refuses fails the whole copy with its SQLSTATE; the
    /// row's values never reach the message.
    /// - Returns: The number of rows copied.
    @discardableResult
    package func copy(_ sql: String, _ body: (PostgresCopyWriter) throws -> Void) throws -> Int {
        let started = PQexec(handle, sql)
        let status = started.map { PQresultStatus($0) }
        defer { PQclear(started) }
        guard status == PGRES_COPY_IN else {
            try check(started, sql: sql, values: [], copyIn: true)
            throw PostgresError.statementFailed(
                sqlState: "XX000", message: "the statement is not a COPY FROM STDIN", sql: sql)
        }
        let writer = PostgresCopyWriter(connection: self, sql: sql)
        var failure: (any Error)?
        do {
            try body(writer)
            try writer.flush()
        } catch {
            failure = error
        }
        let ended = failure == nil ? PQputCopyEnd(handle, nil) : PQputCopyEnd(handle, "pwaudit abandoned the copy")
        var serverError: PostgresError?
        var copied = 0
        while let raw = PQgetResult(handle) {
            let result = PostgresResult(raw, sql: sql)
            switch PQresultStatus(raw) {
            case PGRES_COMMAND_OK: copied = result.affectedRows
            default: if serverError == nil { serverError = error(from: raw, sql: sql, values: []) }
            }
        }
        if let failure { throw failure }
        if let serverError { throw serverError }
        guard ended == 1 else { throw connectionError(sql: sql) }
        return copied
    }

    /// Sends `bytes` as data of the copy `sql` opened (text or binary); the connection's error when libpq refuses them.
    func putCopyData(_ bytes: [UInt8], sql: String) throws(PostgresError) {
        let sent = bytes.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { PQputCopyData(handle, $0.baseAddress, Int32($0.count)) }
        }
        guard sent == 1 else { throw connectionError(sql: sql) }
    }
}
