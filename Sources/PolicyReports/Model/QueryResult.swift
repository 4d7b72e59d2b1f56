/// The rows of a `pwaudit query`: column names and values, ready to render.
package struct QueryResult: Sendable, Equatable {
    /// One value of a row, as SQLite typed it.
    package enum Value: Sendable, Equatable {
        /// SQL NULL.
        case null
        /// A 64-bit integer.
        case integer(Int64)
        /// A double.
        case real(Double)
        /// Text.
        case text(String)
        /// Bytes (a fingerprint, say), shown as lowercase hex.
        case blob([UInt8])

        /// The value as one cell of text: NULL is empty, a blob is hex, a real is Swift's shortest round-trip form.
        package var text: String {
            switch self {
            case .null: ""
            case .integer(let value): String(value)
            case .real(let value): String(value)
            case .text(let value): value
            case .blob(let bytes): bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
            }
        }

        /// Whether the value is a number (right-aligned in a table).
        var isNumber: Bool {
            switch self {
            case .integer, .real: true
            case .null, .text, .blob: false
            }
        }
    }

    /// The column names, left to right (SQLite's names: `count(*)`, or the `AS` alias).
    package var columns: [String]
    /// The rows; each has one value per column.
    package var rows: [[Value]]

    /// Creates a result.
    package init(columns: [String], rows: [[Value]]) {
        self.columns = columns
        self.rows = rows
    }
}
