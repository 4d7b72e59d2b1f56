/// One value of a `pwaudit query` row, as SQLite typed it, ready to render.
package enum QueryValue: Sendable, Equatable {
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

    /// The value as one cell of text: NULL is empty, a blob is lowercase hex, a real is Swift's shortest round-trip
    /// form (`inf`, `-inf` and `nan` when not finite).
    package var text: String { text(prefixBytes: nil) }

    /// `text`, of a blob only its first `prefixBytes` bytes when given (a table shows no more).
    func text(prefixBytes: Int?) -> String {
        switch self {
        case .null: return ""
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .text(let value): return value
        case .blob(let bytes): return Self.hex(prefixBytes.map { bytes.prefix($0) } ?? bytes[...])
        }
    }

    /// Whether the value is a number (right-aligned in a table).
    var isNumber: Bool {
        switch self {
        case .integer, .real: true
        case .null, .text, .blob: false
        }
    }

    private static let digits = Array("0123456789abcdef".utf8)

    private static func hex(_ bytes: ArraySlice<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { buffer in
            var index = 0
            for byte in bytes {
                buffer[index] = digits[Int(byte >> 4)]
                buffer[index + 1] = digits[Int(byte & 0x0F)]
                index += 2
            }
            return index
        }
    }
}
