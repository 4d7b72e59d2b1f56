import CLibPQ

/// A `PGresult*` owned by Swift: cleared (`PQclear`) when the last row read from it is released.
final class PostgresResult {
    /// The raw `PGresult*`.
    let handle: OpaquePointer
    /// The statement's text, for errors about its values.
    let sql: String

    init(_ handle: OpaquePointer, sql: String) {
        self.handle = handle
        self.sql = sql
    }

    deinit { PQclear(handle) }

    /// Rows in this result (one per result in single-row mode).
    var rowCount: Int { Int(PQntuples(handle)) }

    /// Rows the command changed, or returned (`PQcmdTuples`); 0 when it does not say.
    var affectedRows: Int { Int(String(cString: PQcmdTuples(handle))) ?? 0 }
}

/// One row of a result, its columns read by 0-based index from PostgreSQL's text output.
///
/// Columns come back as text (<https://www.postgresql.org/docs/current/libpq-exec.html#LIBPQ-PQGETVALUE>); the
/// accessors parse integers, doubles, booleans (`t`/`f`) and `bytea` in hex form (`\x…`, the default output). A value
/// that does not parse throws `PostgresError.unexpectedValue`, naming the column, never the value.
package struct PostgresRow {
    let result: PostgresResult
    let row: Int32

    /// Columns in the row.
    package var columnCount: Int { Int(PQnfields(result.handle)) }

    /// The name of column `index`.
    package func columnName(at index: Int) -> String { String(cString: PQfname(result.handle, Int32(index))) }

    /// The type OID of column `index` (`PQftype`): 16 boolean, 20 bigint, 1184 timestamptz, …
    package func columnType(at index: Int) -> UInt32 { PQftype(result.handle, Int32(index)) }

    /// The length in bytes of column `index`'s text (0 for NULL).
    package func byteCount(at index: Int) -> Int { Int(PQgetlength(result.handle, row, Int32(index))) }

    /// Whether column `index` is NULL.
    package func isNull(at index: Int) -> Bool { PQgetisnull(result.handle, row, Int32(index)) == 1 }

    /// Column `index` as text, or nil for NULL.
    package func string(at index: Int) -> String? {
        guard !isNull(at: index), let value = PQgetvalue(result.handle, row, Int32(index)) else { return nil }
        let length = Int(PQgetlength(result.handle, row, Int32(index)))
        return value.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// Column `index` as a 64-bit integer.
    /// - Throws: `PostgresError.unexpectedValue` for NULL or a value that is not an integer.
    package func int64(at index: Int) throws(PostgresError) -> Int64 {
        guard let text = string(at: index), let value = Int64(text) else { throw unexpected(index, "an integer") }
        return value
    }

    /// Column `index` as an `Int`.
    package func int(at index: Int) throws(PostgresError) -> Int { Int(try int64(at: index)) }

    /// Column `index` as an integer, or nil for NULL.
    package func optionalInt(at index: Int) throws(PostgresError) -> Int? {
        isNull(at: index) ? nil : try int(at: index)
    }

    /// Column `index` as a double (`NaN`, `Infinity` and `-Infinity` as PostgreSQL writes them).
    package func double(at index: Int) throws(PostgresError) -> Double {
        guard let text = string(at: index) else { throw unexpected(index, "a number") }
        switch text {
        case "NaN": return .nan
        case "Infinity": return .infinity
        case "-Infinity": return -.infinity
        default:
            guard let value = Double(text) else { throw unexpected(index, "a number") }
            return value
        }
    }

    /// Column `index` as a boolean (`t` or `f`).
    package func bool(at index: Int) throws(PostgresError) -> Bool {
        switch string(at: index) {
        case "t": return true
        case "f": return false
        default: throw unexpected(index, "a boolean")
        }
    }

    /// Column `index` as bytes, from `bytea`'s hex output (`\x0a1b…`), or nil for NULL.
    package func blob(at index: Int) throws(PostgresError) -> [UInt8]? {
        guard let text = string(at: index) else { return nil }
        let utf8 = Array(text.utf8)
        guard utf8.count >= 2, utf8[0] == UInt8(ascii: "\\"), utf8[1] == UInt8(ascii: "x"), utf8.count % 2 == 0 else {
            throw unexpected(index, "bytea in hex form")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((utf8.count - 2) / 2)
        var position = 2
        while position < utf8.count {
            guard let high = Self.nibble(utf8[position]), let low = Self.nibble(utf8[position + 1]) else {
                throw unexpected(index, "bytea in hex form")
            }
            bytes.append(high << 4 | low)
            position += 2
        }
        return bytes
    }

    private func unexpected(_ index: Int, _ expected: String) -> PostgresError {
        .unexpectedValue(column: index, expected: expected, sql: result.sql)
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `bytes` as lowercase hex digits.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
