/// One-shot HMAC-SHA256 (RFC 2104); for many messages create a `Fingerprinter` and reuse it.
package enum HMACSHA256 {
    /// Returns HMAC-SHA256(`key`, `message`) as 32 bytes.
    package static func authenticationCode(for message: some ContiguousBytes, key: HMACSHA256Key) -> [UInt8] {
        Fingerprinter(key: key).fingerprint(message).bytes
    }

    /// Returns HMAC-SHA256 for keys of any length, as RFC 4231 test vectors need (production keys are 32 bytes).
    package static func authenticationCode(for message: some ContiguousBytes, rawKey: [UInt8]) -> [UInt8] {
        Fingerprinter(rawKey: rawKey).fingerprint(message).bytes
    }
}
