/// A 32-byte HMAC-SHA256 value stored inline (four words, no heap allocation).
package struct Fingerprint: Hashable, Sendable, CustomStringConvertible {
    /// Length in bytes.
    package static let byteCount = 32

    // Stored in memory order: the bytes of `words` are the MAC bytes in order.
    private var words: (UInt64, UInt64, UInt64, UInt64)

    /// Creates a fingerprint from exactly 32 bytes; returns `nil` for any other length.
    package init?(bytes: some Collection<UInt8>) {
        guard bytes.count == Self.byteCount else { return nil }
        words = (0, 0, 0, 0)
        Swift.withUnsafeMutableBytes(of: &words) { destination in
            destination.copyBytes(from: bytes)
        }
    }

    /// Creates a fingerprint by letting `fill` write its 32 bytes.
    package init(filling fill: (UnsafeMutableRawBufferPointer) -> Void) {
        words = (0, 0, 0, 0)
        Swift.withUnsafeMutableBytes(of: &words, fill)
    }

    /// Calls `body` with the 32 bytes, valid only during the call (bind them to SQLite from here).
    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try Swift.withUnsafeBytes(of: words, body)
    }

    /// The 32 bytes as an array.
    package var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    /// 64 lowercase hexadecimal characters.
    package var hex: String { withUnsafeBytes { Hex.encode($0) } }

    /// The hexadecimal form; a keyed fingerprint reveals nothing without the key.
    package var description: String { hex }

    /// Compares the 32 bytes.
    package static func == (lhs: Fingerprint, rhs: Fingerprint) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
            && lhs.words.3 == rhs.words.3
    }

    /// Hashes the 32 bytes.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}
