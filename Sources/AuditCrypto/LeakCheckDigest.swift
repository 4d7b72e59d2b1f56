import CCrypto

/// The unkeyed digests a careless tool might store in place of a password, kept only to look for leaks.
///
/// Tests search every file and output for a canary password's MD5, SHA-1 and SHA-256: a match would mean a password
/// was stored unkeyed. Never use these to protect data: MD5 and SHA-1 are broken for collision resistance.
package enum LeakCheckDigest: CaseIterable, Sendable {
    case md5
    case sha1

    /// The digest of the UTF-8 bytes of `text` as lowercase hexadecimal.
    package func hexDigest(utf8 text: String) -> String {
        let hasher = DigestHasher(algorithm: self == .md5 ? EVP_md5() : EVP_sha1())
        Array(text.utf8).withUnsafeBytes { hasher.update($0) }
        return Hex.encode(hasher.finalize())
    }
}
