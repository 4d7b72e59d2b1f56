/// What a store keeps to recognise the fingerprint key it was used with: HMAC-SHA256(key, `label`) in hex, a value
/// that proves nothing about the key without it, and is never the key. Every store computes it here, so a database
/// moved between stores keeps recognising its key.
///
/// The label contains NUL bytes, which no imported password may (such rows are rejected), so the check value can never
/// equal a stored candidate's fingerprint.
package enum FingerprintKeyCheckValue {
    /// The fixed message whose HMAC under the key is the check value.
    package static let label = "pwaudit\u{0}fingerprint-key-check\u{0}v1"

    /// The check value of `key`: hex HMAC-SHA256 of `label`.
    package static func value(for key: HMACSHA256Key) -> String {
        Hex.encode(HMACSHA256.authenticationCode(for: Array(label.utf8), key: key))
    }
}
