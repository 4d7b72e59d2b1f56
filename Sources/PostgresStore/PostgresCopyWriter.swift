import CLibPQ

/// The rows of one `COPY … FROM STDIN` in text format, written field by field and sent to the server in 256 KiB
/// chunks (`PQputCopyData`), so that a batch of any size costs one buffer.
///
/// Text format (<https://www.postgresql.org/docs/current/sql-copy.html#id-1.9.3.55.9.2>): fields separated by a tab,
/// rows ended by a newline, NULL as `\N`, and backslash, tab, newline and carriage return escaped. Get one from
/// `PostgresConnection.copy(_:_:)`; it is valid only inside that call.
package final class PostgresCopyWriter {
    /// Bytes buffered before they are sent.
    static let chunkSize = 256 * 1024

    private let connection: PostgresConnection
    private let sql: String
    private var buffer: [UInt8] = []
    private var atRowStart = true
    /// Rows ended so far.
    package private(set) var rowCount = 0

    init(connection: PostgresConnection, sql: String) {
        self.connection = connection
        self.sql = sql
        buffer.reserveCapacity(Self.chunkSize + 4096)
    }

    /// Adds a text field, or NULL for nil.
    package func add(_ text: String?) {
        separate()
        guard var text else { return buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "N")]) }
        text.withUTF8 { utf8 in
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\\"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case UInt8(ascii: "\t"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                case UInt8(ascii: "\n"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case UInt8(ascii: "\r"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                default: buffer.append(byte)
                }
            }
        }
    }

    /// Adds an integer field.
    package func add(_ value: Int64) {
        separate()
        buffer.append(contentsOf: String(value).utf8)
    }

    /// Adds an integer field.
    package func add(_ value: Int) { add(Int64(value)) }

    /// Adds an integer field, or NULL for nil.
    package func add(_ value: Int?) {
        guard let value else { return add(nil as String?) }
        add(Int64(value))
    }

    /// Adds a boolean field (`t` or `f`).
    package func add(_ value: Bool) {
        separate()
        buffer.append(value ? UInt8(ascii: "t") : UInt8(ascii: "f"))
    }

    /// Adds a `bytea` field in hex form, or NULL for nil.
    package func add(bytes: [UInt8]?) {
        guard let bytes else { return add(nil as String?) }
        separate()
        // `\x…` with its backslash escaped for COPY's text format.
        buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\"), UInt8(ascii: "x")])
        buffer.append(contentsOf: PostgresRow.hex(bytes).utf8)
    }

    /// Ends the current row; sends the buffer when it has reached `chunkSize`.
    package func endRow() throws(PostgresError) {
        buffer.append(UInt8(ascii: "\n"))
        atRowStart = true
        rowCount += 1
        if buffer.count >= Self.chunkSize { try flush() }
    }

    /// Sends what is buffered.
    func flush() throws(PostgresError) {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        try connection.putCopyData(buffer, sql: sql)
    }

    private func separate() {
        if atRowStart {
            atRowStart = false
        } else {
            buffer.append(UInt8(ascii: "\t"))
        }
    }
}
