import CCrypto

/// Incremental SHA-256 for data that arrives in pieces, such as a CSV file read in chunks.
///
/// ```swift
/// let hasher = SHA256Hasher()
/// hasher.update(chunk)          // as often as needed
/// let hex = Hex.encode(hasher.finalize())
/// ```
/// Not `Sendable`: use one hasher per stream.
package final class SHA256Hasher {
    private let hasher = DigestHasher(algorithm: EVP_sha256())

    /// Creates a hasher with an empty message.
    package init() {}

    /// Appends `bytes` to the message.
    package func update(_ bytes: UnsafeRawBufferPointer) { hasher.update(bytes) }

    /// Appends the bytes of `data` (an array, `Data`, …) to the message.
    package func update(_ data: some ContiguousBytes) { data.withUnsafeBytes { hasher.update($0) } }

    /// Returns the 32-byte digest of everything appended; call once.
    package func finalize() -> [UInt8] { hasher.finalize() }
}
