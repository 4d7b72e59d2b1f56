/// A value to bind to a statement parameter, for code paths where convenience beats speed.
package enum SQLValue: Equatable, Sendable {
    /// A 64-bit integer.
    case integer(Int64)
    /// A double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Bytes.
    case blob([UInt8])
    /// SQL NULL.
    case null

    /// `.text(value)`, or `.null` for nil.
    package static func optional(_ value: String?) -> SQLValue { value.map { .text($0) } ?? .null }
}

extension SQLValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    /// An integer literal becomes `.integer`.
    package init(integerLiteral value: Int64) { self = .integer(value) }
    /// A string literal becomes `.text`.
    package init(stringLiteral value: String) { self = .text(value) }
}
