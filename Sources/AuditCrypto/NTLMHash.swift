import CCrypto

/// The NT hash of a password: MD4 of its UTF-16LE encoding, as Have I Been Pwned's NTLM corpus is keyed.
///
/// MD4 comes from libcrypto's low-level `MD4()`, which OpenSSL 3 still exports (the EVP interface needs the legacy
/// provider). It is used only for this lookup.
package enum NTLMHash {
    /// Length of an NT hash in bytes.
    package static let byteCount = 16

    /// Writes the 16-byte NT hash of the UTF-8 password `utf8` (valid UTF-8) to `digest` (at least 16 bytes).
    package static func digest(utf8 password: UnsafeBufferPointer<UInt8>, into digest: UnsafeMutableRawPointer) {
        var units: [UInt8] = []
        units.reserveCapacity(password.count * 2)
        for unit in String(decoding: password, as: UTF8.self).utf16 {
            units.append(UInt8(truncatingIfNeeded: unit))
            units.append(UInt8(truncatingIfNeeded: unit >> 8))
        }
        units.withUnsafeBufferPointer {
            _ = CCrypto.MD4($0.baseAddress, $0.count, digest.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Returns the 16-byte NT hash of `password`.
    package static func digest(_ password: String) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: byteCount)
        let utf8 = Array(password.utf8)
        utf8.withUnsafeBufferPointer { bytes in
            result.withUnsafeMutableBytes { digest(utf8: bytes, into: $0.baseAddress!) }
        }
        return result
    }
}
