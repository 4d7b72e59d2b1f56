import AuditCrypto
import AuditRepositories

/// Remembers the strength estimates of recently scored candidates within one run, so that a repeated candidate is not
/// estimated again: keyed by its fingerprint and its user inputs (username, e-mail) — by the fingerprint alone when
/// the inputs cannot change the estimate (`StrengthInputScreen`), so a common password is estimated once whoever
/// typed it — in memory only, a fixed number of slots (direct-mapped: a new key takes its slot from the old one), so
/// memory stays flat whatever the file's size.
///
/// A key is only ever given for a password the fingerprint identifies exactly (one NFKC leaves unchanged, as every
/// ASCII password): two passwords with one NFKC form share a fingerprint but zxcvbn, which scores the text as typed,
/// may estimate them differently. The user inputs are kept as a 64-bit hash beside their length: a false hit needs the
/// same password with other inputs of the same length and hash (probability about 2⁻⁶⁴ per pair).
final class StrengthEstimateCache {
    /// Slots per cache (one cache per scoring thread): 2¹⁶ × 48 bytes, 3 MiB.
    static let defaultCapacity = 1 << 16

    private struct Entry {
        var fingerprint: Fingerprint
        /// Nil for an estimate the user inputs could not change.
        var inputs: UInt64?
        var strength: CandidateStrength
    }

    private var slots: [Entry?]
    private let mask: Int
    /// Lookups answered from the cache, and lookups made (for tests and the bench).
    private(set) var hits = 0
    private(set) var lookups = 0

    /// A cache of `capacity` slots (rounded up to a power of two).
    init(capacity: Int = StrengthEstimateCache.defaultCapacity) {
        var size = 1
        while size < max(capacity, 1) { size <<= 1 }
        slots = [Entry?](repeating: nil, count: size)
        mask = size - 1
    }

    /// The 64-bit key of a candidate's user inputs (FNV-1a over each input's length and bytes; nil inputs differ from
    /// empty ones).
    static func inputsKey(username: UnsafeRawBufferPointer?, email: UnsafeRawBufferPointer?) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        for field in [username, email] {
            guard let field else {
                mix(0xFF)
                continue
            }
            for shift in stride(from: 0, to: 32, by: 8) { mix(UInt8(truncatingIfNeeded: field.count >> shift)) }
            for byte in field { mix(byte) }
        }
        return hash
    }

    /// The estimate stored for the key, or the one `estimate` makes (then stored in the key's slot); `inputs` nil for a
    /// password whose estimate no user input can change (`StrengthInputScreen`).
    func strength(
        fingerprint: Fingerprint, inputs: UInt64?, estimate: () -> CandidateStrength
    ) -> CandidateStrength {
        lookups += 1
        var hasher = Hasher()
        hasher.combine(fingerprint)
        hasher.combine(inputs)
        let slot = hasher.finalize() & mask
        if let entry = slots[slot], entry.fingerprint == fingerprint, entry.inputs == inputs {
            hits += 1
            return entry.strength
        }
        let strength = estimate()
        slots[slot] = Entry(fingerprint: fingerprint, inputs: inputs, strength: strength)
        return strength
    }
}
