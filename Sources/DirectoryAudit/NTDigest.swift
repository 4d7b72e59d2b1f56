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
            var valid = true
            for position in 0..<16 {
                let upper = Self.nibble(hex[index])
                index = hex.index(after: index)
                let lower = Self.nibble(hex[index])
                index = hex.index(after: index)
                bytes[position] = upper.value << 4 | lower.value
                valid = valid && upper.valid && lower.valid
            }
            return valid
        }
        guard parsed else { return nil }
        (high, low) = words
    }

    /// Parses 32 hexadecimal digits of `text`.
    package init?(hex text: String) { self.init(hex: Array(text.utf8)) }

    /// Its two words xored: uniform, as an MD4 output is, for ``NTDigestIndex``'s hash.
    var folded: UInt64 { high ^ low }

    /// The 16 bytes in order.
    package var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    /// Calls `body` with the 16 bytes, valid only during the call.
    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try Swift.withUnsafeBytes(of: (high, low), body)
    }

    /// A hexadecimal digit's value (either case) and whether it is one, without a branch on the digit: digits and
    /// letters alternate at random in a hash, and a branch per digit mispredicted about half the time.
    @inline(__always)
    private static func nibble(_ character: UInt8) -> (value: UInt8, valid: Bool) {
        let digit = character &- UInt8(ascii: "0")
        let letter = (character | 0x20) &- UInt8(ascii: "a")  // `| 0x20` lowercases A…F (and nothing else in range)
        let isDigit = digit < 10
        return (isDigit ? digit : letter &+ 10, isDigit || letter < 6)
    }
}
