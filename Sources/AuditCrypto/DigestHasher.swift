import CCrypto

/// Streaming message digest over one libcrypto `EVP_MD_CTX`; the engine behind `SHA256Hasher` and `LeakCheckDigest`.
///
/// Follows <https://www.openssl.org/docs/man3.0/man3/EVP_DigestInit.html>.
final class DigestHasher {
    private let context: OpaquePointer
    private let algorithm: OpaquePointer
    private(set) var isFinalized = false

    /// Creates a hasher for `algorithm` (an `EVP_MD` such as `EVP_sha256()`).
    init(algorithm: OpaquePointer) {
        guard let context = EVP_MD_CTX_new() else {
            fatalError("libcrypto: EVP_MD_CTX_new returned NULL (out of memory)")
        }
        self.context = context
        self.algorithm = algorithm
        guard EVP_DigestInit_ex(context, algorithm, nil) == 1 else {
            fatalError("libcrypto: EVP_DigestInit_ex failed")
        }
    }

    deinit { EVP_MD_CTX_free(context) }

    /// Feeds `bytes` into the digest.
    func update(_ bytes: UnsafeRawBufferPointer) {
        precondition(!isFinalized, "DigestHasher.update called after finalize")
        guard bytes.count > 0, let base = bytes.baseAddress else { return }
        guard EVP_DigestUpdate(context, base, bytes.count) == 1 else {
            fatalError("libcrypto: EVP_DigestUpdate failed")
        }
    }

    /// Completes the digest and returns it; the hasher can then only be discarded.
    func finalize() -> [UInt8] {
        precondition(!isFinalized, "DigestHasher.finalize called twice")
        isFinalized = true
        var length: UInt32 = 0
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        guard EVP_DigestFinal_ex(context, &output, &length) == 1 else {
            fatalError("libcrypto: EVP_DigestFinal_ex failed")
        }
        return Array(output.prefix(Int(length)))
    }
}
