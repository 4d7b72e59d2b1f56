import AuditRepositories

/// What `compare` reads of a run, counted while its candidates are scored: the candidates by the set of the run's
/// versions that unlock them, and, for each ordered pair of versions (A, B), B's rule failures among the candidates A
/// unlocks and B blocks. Every pair's `UnlockTransitionCounts` follows, without a pass over the stored candidates.
///
/// Part of `RunTally` (merged across the scoring workers as it is). Counts runs of 2 to 64 versions; fewer have no
/// pair to compare, more have no summary (compare then counts the candidates).
package struct UnlockPairTally: Sendable {
    /// Runs of up to this many versions count unlock sets in a flat array of `1 << versionCount` counters.
    static let flatSetVersions = 12
    /// The versions counted (0 when the run has no pair or too many versions).
    package let versionCount: Int
    /// flatSets[set]: candidates unlocked by exactly the versions of `set` (bit i: version i of the run's order).
    private var flatSets: [Int]
    /// The same for runs of more versions.
    private var sparseSets: [UInt64: Int] = [:]
    /// blocked[(a * versionCount + b) * 64 + bit]: candidates version a unlocks and version b blocks that fail b's rule
    /// `bit`.
    private var blocked: [Int]

    /// An empty tally for a run scoring `versionCount` versions.
    init(versionCount: Int) {
        self.versionCount = (2...64).contains(versionCount) ? versionCount : 0
        let counted = self.versionCount
        flatSets = counted > 0 && counted <= Self.flatSetVersions ? [Int](repeating: 0, count: 1 << counted) : []
        blocked = [Int](repeating: 0, count: counted * counted * 64)
    }

    /// Whether the tally counts anything (the run has between 2 and 64 versions).
    package var isCounting: Bool { versionCount > 0 }

    /// Counts one candidate with failure mask `masks[i]` under version i (0: unlocked).
    @inline(__always)
    mutating func add(masks: [UInt64]) {
        let count = versionCount
        guard count > 0, masks.count == count else { return }
        var unlocking: UInt64 = 0
        for index in 0..<count where masks[index] == 0 { unlocking |= 1 << UInt64(index) }
        if count <= Self.flatSetVersions {
            flatSets.withUnsafeMutableBufferPointer { $0[Int(truncatingIfNeeded: unlocking)] &+= 1 }
        } else {
            sparseSets[unlocking, default: 0] += 1
        }
        let all: UInt64 = count == 64 ? ~0 : (1 << UInt64(count)) - 1
        let blocking = all & ~unlocking
        guard unlocking != 0, blocking != 0 else { return }
        blocked.withUnsafeMutableBufferPointer { blocked in
            Self.forEachBit(of: unlocking) { a in
                Self.forEachBit(of: blocking) { b in
                    let base = (a &* count &+ b) &* 64
                    Self.forEachBit(of: masks[b]) { blocked[base &+ $0] &+= 1 }
                }
            }
        }
    }

    /// Adds another worker's counts to this one's.
    mutating func merge(_ other: UnlockPairTally) {
        guard versionCount > 0, other.versionCount == versionCount else { return }
        for index in flatSets.indices { flatSets[index] += other.flatSets[index] }
        sparseSets.merge(other.sparseSets, uniquingKeysWith: +)
        for index in blocked.indices { blocked[index] += other.blocked[index] }
    }

    /// Each unlock set counted, with its candidates.
    private var unlockSets: [(set: UInt64, count: Int)] {
        if versionCount > Self.flatSetVersions { return sparseSets.map { ($0.key, $0.value) } }
        return flatSets.indices.compactMap { flatSets[$0] > 0 ? (UInt64($0), flatSets[$0]) : nil }
    }

    /// The comparison counts of every ordered pair (a, b) of the run's versions, by their indices in the run's order:
    /// what `RunRepository.unlockTransitions` counts from the stored candidates.
    package func transitions() -> [(a: Int, b: Int, counts: UnlockTransitionCounts)] {
        let count = versionCount
        guard count > 0 else { return [] }
        var scored = 0
        var unlocked = [Int](repeating: 0, count: count)
        var both = [Int](repeating: 0, count: count * count)
        for (set, candidates) in unlockSets {
            scored += candidates
            Self.forEachBit(of: set) { a in
                unlocked[a] += candidates
                Self.forEachBit(of: set) { both[a * count + $0] += candidates }
            }
        }
        return (0..<count).flatMap { a in
            (0..<count).filter { $0 != a }.map { b in
                var counts = UnlockTransitionCounts(
                    scored: scored, unlockedUnderA: unlocked[a], unlockedUnderB: unlocked[b],
                    unlockedUnderBoth: both[a * count + b])
                let base = (a * count + b) * 64
                for bit in 0..<64 { counts.addFailures(blocked[base + bit], ofRuleBit: bit) }
                return (a, b, counts)
            }
        }
    }

    @inline(__always)
    private static func forEachBit(of mask: UInt64, _ body: (Int) -> Void) {
        var bits = mask
        while bits != 0 {
            body(bits.trailingZeroBitCount)
            bits &= bits &- 1
        }
    }
}
