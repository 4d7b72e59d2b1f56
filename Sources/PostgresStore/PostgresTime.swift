/// Times between pwaudit and PostgreSQL: pwaudit writes canonical UTC text (`2026-07-01T00:00:00Z`, which
/// `timestamptz` reads as the instant it is), and reads `timestamptz` back in the session's UTC
/// (`2026-07-01 00:00:00+00`, `DateStyle = ISO`), turned into that canonical text again.
package enum PostgresTime {
    /// PostgreSQL's type OID for `timestamptz`.
    package static let timestamptzOID: UInt32 = 1184

    /// `2026-07-01 00:00:00+00` (a fraction of a second is dropped) as `2026-07-01T00:00:00Z`; other text (a time in
    /// another zone, infinity) is returned as it is.
    package static func canonical(_ text: String) -> String {
        let utf8 = Array(text.utf8)
        guard utf8.count >= 22, utf8[10] == UInt8(ascii: " "), text.hasSuffix("+00") else { return text }
        var result = Array(utf8[0..<19])
        result[10] = UInt8(ascii: "T")
        result.append(UInt8(ascii: "Z"))
        return String(decoding: result, as: UTF8.self)
    }
}
