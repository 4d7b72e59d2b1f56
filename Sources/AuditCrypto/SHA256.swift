import CCrypto

/// One-shot SHA-256 (FIPS 180-4) over libcrypto; see `SHA256Hasher` for streams.
package enum SHA256 {
    /// Length of a SHA-256 digest in bytes.
    package static let byteCount = 32

    /// Returns the 32-byte SHA-256 digest of `bytes`.
    package static func digest(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        let hasher = DigestHasher(algorithm: EVP_sha256())
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Returns the 32-byte SHA-256 digest of `data`.
    package static func digest(_ data: some ContiguousBytes) -> [UInt8] {
        data.withUnsafeBytes { digest($0) }
    }

    /// Returns the SHA-256 digest of the UTF-8 bytes of `text`.
    package static func digest(utf8 text: String) -> [UInt8] {
        digest(Array(text.utf8))
    }

    /// Returns the digest of `data` as 64 lowercase hexadecimal characters.
    package static func hexDigest(_ data: some ContiguousBytes) -> String {
        Hex.encode(digest(data))
    }

    /// Returns the digest of the UTF-8 bytes of `text` as 64 lowercase hexadecimal characters.
    package static func hexDigest(utf8 text: String) -> String {
        Hex.encode(digest(utf8: text))
    }
}
