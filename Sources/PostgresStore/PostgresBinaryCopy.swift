import CLibPQ

/// An open `COPY table (columns) FROM STDIN (FORMAT binary)` that stays open across calls until `end()`: rows are
/// encoded in PostgreSQL's binary copy format and sent in 256 KiB chunks as they fill, so the server parses no text
/// and the client never waits for the server between rows (only `end()` waits, for the server's count).
///
/// Binary format (<https://www.postgresql.org/docs/current/sql-copy.html#id-1.9.3.55.9.4>): an 11-byte signature,
/// flags and header-extension length (both 0); per row a 16-bit field count, then per field a 32-bit length (-1 for
/// NULL) and the field's bytes in its type's binary form (network byte order); a 16-bit -1 ends the data. Each value
/// must have its column's exact type (`bigint` 8 bytes, `integer` 4, `boolean` 1, `timestamptz` microseconds since
/// 2000-01-01 UTC, `text` and `bytea` their bytes). While it is open the connection runs nothing else; `end()` or
/// `cancel()` gives it back. A row the server refuses fails the whole copy, without the row's values in the message.
final class PostgresBinaryCopy {
    /// Bytes buffered before they are sent.
    static let chunkSize = 256 * 1024
    /// Seconds from 1970-01-01 to 2000-01-01, PostgreSQL's timestamp epoch.
    static let postgresEpoch: Int64 = 946_684_800

    private let connection: PostgresConnection
    private let sql: String
    private var buffer: [UInt8] = []
    private var isOpen = true
    /// Rows ended so far.
    private(set) var rowCount = 0

    /// Starts the copy `sql` (a `COPY … FROM STDIN (FORMAT binary)`) on `connection` and buffers the header.
    /// - Throws: `PostgresError` if the server refuses the statement.
    init(connection: PostgresConnection, sql: String) throws(PostgresError) {
        self.connection = connection
        self.sql = sql
        let started = PQexec(connection.handle, sql)
        defer { PQclear(started) }
        guard let started, PQresultStatus(started) == PGRES_COPY_IN else {
            isOpen = false
            try connection.check(started, sql: sql, values: [], copyIn: true)
            throw PostgresError.statementFailed(
                sqlState: "XX000", message: "the statement is not a COPY FROM STDIN", sql: sql)
        }
        buffer.reserveCapacity(Self.chunkSize + 64 * 1024)
        buffer.append(contentsOf: [0x50, 0x47, 0x43, 0x4F, 0x50, 0x59, 0x0A, 0xFF, 0x0D, 0x0A, 0x00])
        append(Int32(0))
        append(Int32(0))
    }

    deinit { cancel() }

    /// Starts a row of `fields` values.
    func beginRow(fields: Int) { append(Int16(fields)) }

    /// A `bigint` value.
    func add(_ value: Int64) {
        append(Int32(8))
        append(value)
    }

    /// An `integer` value (the column's type is 4 bytes: `value` must fit).
    func add(int32 value: Int) {
        append(Int32(4))
        append(Int32(truncatingIfNeeded: value))
    }

    /// A `bigint` value, or NULL.
    func add(_ value: Int64?) {
        guard let value else { return addNull() }
        add(value)
    }

    /// A `boolean` value.
    func add(_ value: Bool) {
        append(Int32(1))
        buffer.append(value ? 1 : 0)
    }

    /// A `text` (valid UTF-8) or `bytea` value from `bytes`, or NULL for nil.
    func add(bytes: UnsafeRawBufferPointer?) {
        guard let bytes else { return addNull() }
        append(Int32(bytes.count))
        buffer.append(contentsOf: bytes)
    }

    /// A `timestamptz` value: `secondsSince1970` UTC.
    func add(timestampSince1970 seconds: Int64) {
        append(Int32(8))
        append((seconds - Self.postgresEpoch) * 1_000_000)
    }

    /// A `double precision` value, or NULL.
    func add(float8 value: Double?) {
        guard let value else { return addNull() }
        append(Int32(8))
        append(Int64(bitPattern: value.bitPattern))
    }

    /// A NULL.
    func addNull() { append(Int32(-1)) }

    /// Ends the current row; sends the buffer when it has reached `chunkSize`.
    func endRow() throws(PostgresError) {
        rowCount += 1
        if buffer.count >= Self.chunkSize { try flush() }
    }

    /// Sends the trailer and ends the copy.
    /// - Returns: The number of rows the server copied.
    /// - Throws: `PostgresError`: the server refused a row (the copy keeps none), or the connection failed.
    @discardableResult
    func end() throws(PostgresError) -> Int {
        precondition(isOpen, "the copy has ended")
        append(Int16(-1))
        var failure: PostgresError?
        do { try flush() } catch { failure = error }
        isOpen = false
        let ended = PQputCopyEnd(connection.handle, failure == nil ? nil : "pwaudit abandoned the copy")
        var copied = 0
        while let raw = PQgetResult(connection.handle) {
            defer { PQclear(raw) }
            if PQresultStatus(raw) == PGRES_COMMAND_OK {
                copied = Int(String(cString: PQcmdTuples(raw))) ?? 0
            } else if failure == nil {
                failure = connection.error(from: raw, sql: sql, values: [])
            }
        }
        if let failure { throw failure }
        guard ended == 1 else { throw connection.connectionError(sql: sql) }
        return copied
    }

    /// Ends the copy with an error, so the server keeps none of its rows, and drains its results. Nothing once ended.
    func cancel() {
        guard isOpen else { return }
        isOpen = false
        buffer.removeAll()
        _ = PQputCopyEnd(connection.handle, "pwaudit abandoned the copy")
        while let raw = PQgetResult(connection.handle) { PQclear(raw) }
    }

    private func flush() throws(PostgresError) {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        try connection.putCopyData(buffer, sql: sql)
    }

    private func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.bigEndian) { buffer.append(contentsOf: $0) }
    }
}
