import CCrypto

/// Keyed HMAC-SHA256 (RFC 2104) fingerprints for millions of short messages.
///
/// HMAC(K, m) = H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ m)). The SHA-256 states after the two padded key blocks are computed
/// once in `init`; each `fingerprint(_:)` copies them (plain structs, no allocation) and hashes the message and the
/// inner digest: two compression calls for a short message, about 0.1 µs with the CPU's SHA extensions. libcrypto's
/// low-level SHA-256 does the hashing; `EVP_MAC` cost four times as much per message here, mostly copying contexts.
/// Working states are wiped after each message. Not `Sendable`: create one per worker thread.
package final class Fingerprinter {
    private var inner = SHA256_CTX()
    private var outer = SHA256_CTX()

    /// Creates a fingerprinter for `key`.
    package convenience init(key: HMACSHA256Key) {
        self.init(rawKey: key.bytes)
    }

    /// Creates a fingerprinter for a key of any length (RFC 4231 vectors use 20 to 131 bytes).
    package init(rawKey: [UInt8]) {
        let blockSize = 64
        var block = rawKey.count > blockSize ? SHA256.digest(rawKey) : rawKey
        block += [UInt8](repeating: 0, count: blockSize - block.count)
        defer { OPENSSL_cleanse(&block, block.count) }
        inner = Self.state(afterBlock: block, xoredWith: 0x36)
        outer = Self.state(afterBlock: block, xoredWith: 0x5C)
    }

    /// The SHA-256 state after hashing `block` with each byte XORed with `pad`.
    private static func state(afterBlock block: [UInt8], xoredWith pad: UInt8) -> SHA256_CTX {
        var padded = block.map { $0 ^ pad }
        defer { OPENSSL_cleanse(&padded, padded.count) }
        var context = SHA256_CTX()
        guard SHA256_Init(&context) == 1, SHA256_Update(&context, padded, padded.count) == 1 else {
            fatalError("libcrypto: SHA-256 is not available")
        }
        return context
    }

    deinit {
        OPENSSL_cleanse(&inner, MemoryLayout<SHA256_CTX>.size)
        OPENSSL_cleanse(&outer, MemoryLayout<SHA256_CTX>.size)
    }

    /// Returns HMAC-SHA256(key, `bytes`).
    package func fingerprint(_ bytes: UnsafeRawBufferPointer) -> Fingerprint {
        var context = inner
        var digest = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        defer {
            OPENSSL_cleanse(&context, MemoryLayout<SHA256_CTX>.size)
            OPENSSL_cleanse(&digest, MemoryLayout.size(ofValue: digest))
        }
        return withUnsafeMutableBytes(of: &digest) { digest in
            let digestBytes = digest.baseAddress!.assumingMemoryBound(to: UInt8.self)
            SHA256_Update(&context, bytes.baseAddress, bytes.count)
            SHA256_Final(digestBytes, &context)
            context = outer
            SHA256_Update(&context, digestBytes, digest.count)
            return Fingerprint { output in
                SHA256_Final(output.baseAddress!.assumingMemoryBound(to: UInt8.self), &context)
            }
        }
    }

    /// Returns HMAC-SHA256(key, `data`).
    package func fingerprint(_ data: some ContiguousBytes) -> Fingerprint {
        data.withUnsafeBytes { fingerprint($0) }
    }

    /// Returns HMAC-SHA256(key, UTF-8 bytes of `text`) without copying the string when it is native UTF-8.
    package func fingerprint(utf8 text: String) -> Fingerprint {
        var text = text
        return text.withUTF8 { fingerprint(UnsafeRawBufferPointer($0)) }
    }
}
