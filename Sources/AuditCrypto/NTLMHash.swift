import CCrypto

/// The NT hash of a password: MD4 of its UTF-16LE encoding, as Have I Been Pwned's NTLM corpus is keyed.
///
/// MD4 comes from libcrypto's low-level `MD4()`, which OpenSSL 3 still exports (the EVP interface needs the legacy
/// provider). It is used only for this lookup.
package enum NTLMHash {
    /// Length of an NT hash in bytes.
    package static let byteCount = 16

    /// Writes the 16-byte NT hash of the UTF-8 password `utf8` (valid UTF-8) to `digest` (at least 16 bytes).
    ///
    /// The UTF-16LE text is built in a temporary buffer (no heap allocation for a password of any usual length): it
    /// never needs more bytes than twice the UTF-8's, since each UTF-8 byte yields at most one UTF-16 unit.
    package static func digest(utf8 password: UnsafeBufferPointer<UInt8>, into digest: UnsafeMutableRawPointer) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, password.count * 2)) { units in
            var count = 0
            func append(_ unit: UInt16) {
                units[count] = UInt8(truncatingIfNeeded: unit)
                units[count + 1] = UInt8(truncatingIfNeeded: unit >> 8)
                count += 2
            }
            if !password.contains(where: { $0 >= 0x80 }) {
                for byte in password { append(UInt16(byte)) }
            } else {
                var bytes = password.makeIterator()
                var decoder = UTF8()
                decoding: while true {
                    switch decoder.decode(&bytes) {
                    case .scalarValue(let scalar): UTF16.encode(scalar) { append($0) }
                    case .error: append(0xFFFD)  // as String(decoding:) repairs invalid UTF-8
                    case .emptyInput: break decoding
                    }
                }
            }
            _ = CCrypto.MD4(units.baseAddress, count, digest.assumingMemoryBound(to: UInt8.self))
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
