/// The distinct NT hashes of an audit, each numbered in the order first seen: an open-addressing table sized once for
/// the accounts, probed with a multiply-shift hash of the digest under a random odd multiplier.
///
/// What `Dictionary<NTDigest, Int>` did for the findings, about twice as fast: a digest is already uniform (MD4), so
/// one multiplication spreads it where SipHash did sixteen bytes of rounds; the random multiplier keeps an extract
/// crafted to collide from knowing which slots its hashes take.
struct NTDigestIndex {
    private var slots: [Int32]  // an index into `digests` + 1; 0 marks an empty slot
    private let shift: UInt64
    private let multiplier = UInt64.random(in: 0...UInt64.max) | 1
    /// The distinct digests, in the order first seen.
    private(set) var digests: [NTDigest] = []

    /// A table for up to `capacity` distinct digests.
    init(capacity: Int) {
        var bits: UInt64 = 4
        while 1 << bits < capacity * 2 { bits += 1 }
        slots = [Int32](repeating: 0, count: 1 << Int(bits))
        shift = 64 - bits
        digests.reserveCapacity(capacity)
    }

    /// The number of `digest`, which becomes the next number when it is new.
    mutating func number(of digest: NTDigest) -> Int {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: (digest.folded &* multiplier) >> shift)
        while true {
            let entry = Int(slots[slot])
            if entry == 0 {
                precondition(digests.count < slots.count / 2, "more distinct digests than the table was sized for")
                digests.append(digest)
                slots[slot] = Int32(digests.count)
                return digests.count - 1
            }
            if digests[entry - 1] == digest { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }
}
