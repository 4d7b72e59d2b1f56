/// An NT hash (16 bytes: MD4 of the UTF-16LE password) held inline, as a dictionary key for joins and reuse counts.
///
/// It lives only in memory while an extract is read: what is stored is its keyed fingerprint, never these bytes.
package struct NTDigest: Hashable, Sendable {
    /// The NT hash of the empty password.
    package static let empty = NTDigest(hex: "31d6cfe0d16ae931b73c59d7e0c089c0")!
    /// The LM hash secretsdump writes when no LM hash is stored (the LM hash of the empty password).
    package static let emptyLM = NTDigest(hex: "aad3b435b51404eeaad3b435b51404ee")!

    private var high: UInt64
    private var low: UInt64

    /// Creates a digest from exactly 16 bytes; nil for any other count.
    package init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 16 else { return nil }
        var words = (UInt64(0), UInt64(0))
        withUnsafeMutableBytes(of: &words) { $0.copyBytes(from: bytes) }
        (high, low) = words
    }

    /// Parses 32 hexadecimal digits (either case); nil otherwise.
    package init?(hex: some Collection<UInt8>) {
        guard hex.count == 32 else { return nil }
        var words = (UInt64(0), UInt64(0))
        // The bytes in order, written straight into the two words (as `init(bytes:)` lays them out): no array.
        let parsed = withUnsafeMutableBytes(of: &words) { bytes -> Bool in
            var index = hex.startIndex
            for position in 0..<16 {
                guard let upper = Self.nibble(hex[index]) else { return false }
                index = hex.index(after: index)
                guard let lower = Self.nibble(hex[index]) else { return false }
                index = hex.index(after: index)
                bytes[position] = upper << 4 | lower
            }
            return true
        }
        guard parsed else { return nil }
        (high, low) = words
    }

    /// Parses 32 hexadecimal digits of `text`.
    package init?(hex text: String) { self.init(hex: Array(text.utf8)) }

    /// The 16 bytes in order.
    package var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    /// Calls `body` with the 16 bytes, valid only during the call.
    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try Swift.withUnsafeBytes(of: (high, low), body)
    }

    @inline(__always)
    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character &- UInt8(ascii: "A") &+ 10
        default: nil
        }
    }
}
