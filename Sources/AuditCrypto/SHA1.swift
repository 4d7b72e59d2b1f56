import CCrypto

/// SHA-1, kept only to look for leaks (tests check that no plain SHA-1 of a canary password was stored).
///
/// Never use it to protect data: SHA-1 is broken for collision resistance.
package enum SHA1 {
    /// Returns the SHA-1 digest of `data` as 40 lowercase hexadecimal characters.
    package static func hexDigest(_ data: some ContiguousBytes) -> String {
        let hasher = DigestHasher(algorithm: EVP_sha1())
        data.withUnsafeBytes { hasher.update($0) }
        return Hex.encode(hasher.finalize())
    }

    /// Returns the SHA-1 digest of the UTF-8 bytes of `text` as 40 lowercase hexadecimal characters.
    package static func hexDigest(utf8 text: String) -> String {
        hexDigest(Array(text.utf8))
    }
}
