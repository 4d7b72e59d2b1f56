import CCrypto

/// One-shot SHA-1 (FIPS 180-4) over libcrypto, for looking passwords up in Have I Been Pwned's SHA-1 corpus.
///
/// SHA-1 is used here only because the corpus is keyed by it; nothing pwaudit stores or keys is SHA-1.
package enum SHA1 {
    /// Length of a SHA-1 digest in bytes.
    package static let byteCount = 20

    /// Writes the 20-byte digest of `bytes` to `digest` (at least 20 bytes), allocating nothing.
    @inline(__always)
    package static func digest(_ bytes: UnsafeRawBufferPointer, into digest: UnsafeMutableRawPointer) {
        // The context functions, not OpenSSL 3's one-shot `SHA1()`, which fetches the algorithm from a provider on
        // every call (about 4 times slower for a password).
        var context = SHA_CTX()
        SHA1_Init(&context)
        SHA1_Update(&context, bytes.baseAddress, bytes.count)
        SHA1_Final(digest.assumingMemoryBound(to: UInt8.self), &context)
    }

    /// Returns the 20-byte SHA-1 digest of `data`.
    package static func digest(_ data: some ContiguousBytes) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: byteCount)
        data.withUnsafeBytes { bytes in result.withUnsafeMutableBytes { digest(bytes, into: $0.baseAddress!) } }
        return result
    }
}
