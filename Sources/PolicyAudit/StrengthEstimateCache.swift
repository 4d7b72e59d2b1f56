import AuditCrypto
import AuditRepositories
import Foundation

/// Remembers the strength estimates of recently scored candidates within one run, so that a repeated candidate is not
/// estimated again: keyed by its fingerprint and its user inputs (username, e-mail) — by the fingerprint alone when
/// the inputs cannot change the estimate (`StrengthInputScreen`), so a common password is estimated once whoever
/// typed it — in memory only, a fixed number of slots, so memory stays flat whatever the file's size.
///
/// One cache serves every scoring thread of a run (a password repeated on two threads is estimated once): slots come
/// in sets of `ways` (a key's set from its hash; within a set, the least recently used entry gives way), each group
/// of sets behind its own lock, the estimate itself made outside any lock.
///
/// A key is only ever given for a password the fingerprint identifies exactly (one NFKC leaves unchanged, as every
/// ASCII password): two passwords with one NFKC form share a fingerprint but zxcvbn, which scores the text as typed,
/// may estimate them differently. The user inputs are kept as a 64-bit hash beside their length: a false hit needs the
/// same password with other inputs of the same length and hash (probability about 2⁻⁶⁴ per pair).
final class StrengthEstimateCache: @unchecked Sendable {
    /// Slots per cache: 2¹⁸ × 56 bytes, 14 MiB, shared by the run's scoring threads.
    static let defaultCapacity = 1 << 18
    /// Slots per set.
    static let ways = 4
    private static let stripeCount = 64

    private struct Entry {
        var fingerprint: Fingerprint
        /// `inputsKey` of the inputs; meaningless when `inputFree`.
        var inputs: UInt64
        var strength: CandidateStrength
        var used: Bool
        /// An estimate the user inputs could not change.
        var inputFree: Bool
    }

    /// A group of sets' lock and counters.
    private final class Stripe {
        let lock = NSLock()
        var hits = 0
        var lookups = 0
    }

    private let slots: UnsafeMutablePointer<Entry>
    private let setMask: Int
    private let stripes: [Stripe]

    /// Lookups answered from the cache, and lookups made (for tests and the bench).
    var hits: Int { stripes.reduce(0) { total, stripe in stripe.lock.withLock { total + stripe.hits } } }
    var lookups: Int { stripes.reduce(0) { total, stripe in stripe.lock.withLock { total + stripe.lookups } } }

    /// A cache of `capacity` slots (rounded up to a power of two, at least one set).
    init(capacity: Int = StrengthEstimateCache.defaultCapacity) {
        var sets = 1
        while sets * Self.ways < capacity { sets <<= 1 }
        setMask = sets - 1
        let count = sets * Self.ways
        slots = .allocate(capacity: count)
        let empty = Entry(
            fingerprint: Fingerprint(bytes: [UInt8](repeating: 0, count: Fingerprint.byteCount))!, inputs: 0,
            strength: CandidateStrength(score: 0, log10Tenths: 0), used: false, inputFree: false)
        slots.initialize(repeating: empty, count: count)
        stripes = (0..<Self.stripeCount).map { _ in Stripe() }
    }

    deinit { slots.deallocate() }

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

    /// The estimate stored for the key, or the one `estimate` makes (then stored in the key's set); `inputs` nil for a
    /// password whose estimate no user input can change (`StrengthInputScreen`).
    func strength(
        fingerprint: Fingerprint, inputs: UInt64?, estimate: () -> CandidateStrength
    ) -> CandidateStrength {
        // A fingerprint is a keyed MAC, its bytes spread evenly already: its first eight pick the set, without hashing
        // (the inputs' key, when any, mixed in).
        let leading = fingerprint.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        let hash = Int(truncatingIfNeeded: leading ^ ((inputs ?? 0) &* 0x9E37_79B9_7F4A_7C15))
        let set = hash & setMask
        let stripe = stripes[set & (Self.stripeCount - 1)]
        let first = slots + set * Self.ways
        let found: CandidateStrength? = stripe.lock.withLock {
            stripe.lookups += 1
            for way in 0..<Self.ways {
                let entry = first[way]
                guard entry.used else { break }
                if entry.fingerprint == fingerprint && entry.inputFree == (inputs == nil)
                    && (inputs == nil || entry.inputs == inputs)
                {
                    stripe.hits += 1
                    // Most recently used first.
                    if way > 0 {
                        (first + 1).update(from: first, count: way)
                        first[0] = entry
                    }
                    return entry.strength
                }
            }
            return nil
        }
        if let found { return found }
        let strength = estimate()
        let entry = Entry(
            fingerprint: fingerprint, inputs: inputs ?? 0, strength: strength, used: true, inputFree: inputs == nil)
        stripe.lock.withLock {
            // The least recently used (last) gives way; another thread may have stored the key meanwhile, which
            // only costs a slot.
            (first + 1).update(from: first, count: Self.ways - 1)
            first[0] = entry
        }
        return strength
    }
}
