import CCrypto

/// A 32-byte secret key for HMAC-SHA256 fingerprints.
///
/// Its `description` never shows the bytes, so a key printed by accident stays secret.
package struct HMACSHA256Key: Sendable, Equatable, CustomStringConvertible {
    /// Length of every key in bytes.
    package static let byteCount = 32

    /// The key bytes; keep them out of logs, errors and the database.
    package let bytes: [UInt8]

    /// Wraps existing key bytes, which must be exactly 32 bytes long.
    /// - Throws: `CryptoError.wrongKeyLength` for any other length.
    package init(bytes: [UInt8]) throws(CryptoError) {
        guard bytes.count == Self.byteCount else {
            throw .wrongKeyLength(bytes: bytes.count, expected: Self.byteCount)
        }
        self.bytes = bytes
    }

    /// Returns a fresh key from libcrypto's CSPRNG (`RAND_bytes`).
    /// - Throws: `CryptoError.randomUnavailable` if the generator fails.
    package static func random() throws(CryptoError) -> HMACSHA256Key {
        var bytes = [UInt8](repeating: 0, count: byteCount)
        guard RAND_bytes(&bytes, Int32(byteCount)) == 1 else { throw .randomUnavailable }
        return try HMACSHA256Key(bytes: bytes)
    }

    /// A redacted rendering: the key bytes are never shown.
    package var description: String { "HMACSHA256Key(<redacted>)" }
}
