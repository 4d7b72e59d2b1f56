import AuditRepositories
import Testing

@testable import PolicyAudit

/// `UnlockPairTally` against a count made candidate by candidate, as the store's comparison query counts: every ordered
/// pair's cells and B's rule failures among the candidates A unlocks and B blocks, across two merged worker tallies.
@Suite("unlock pair tally")
struct UnlockPairTallyTests {
    /// The counts of pair (a, b) over `candidates`, one candidate at a time.
    private func counted(_ candidates: [[UInt64]], a: Int, b: Int) -> UnlockTransitionCounts {
        var cells = [0, 0, 0, 0]  // both, only a, only b, neither
        var failures: [Int: Int] = [:]
        for masks in candidates {
            switch (masks[a] == 0, masks[b] == 0) {
            case (true, true): cells[0] += 1
            case (true, false):
                cells[1] += 1
                for bit in 0..<64 where masks[b] >> UInt64(bit) & 1 == 1 { failures[bit, default: 0] += 1 }
            case (false, true): cells[2] += 1
            case (false, false): cells[3] += 1
            }
        }
        var counts = UnlockTransitionCounts(
            bothUnlocked: cells[0], onlyUnderA: cells[1], onlyUnderB: cells[2], neither: cells[3])
        for (bit, count) in failures { counts.addFailures(count, ofRuleBit: bit) }
        return counts
    }

    @Test("every pair's counts equal the candidate-by-candidate count", arguments: [2, 3, 13])
    func pairsMatchTheDirectCount(versions: Int) {
        var generator = SystemRandomNumberGenerator()
        // Masks of a few low bits and the top bit, each version unlocking about a third of the candidates.
        let candidates = (0..<3_000).map { _ in
            (0..<versions).map { _ -> UInt64 in
                guard Int.random(in: 0..<3, using: &generator) != 0 else { return 0 }
                return UInt64.random(in: 1..<16, using: &generator) | (Bool.random(using: &generator) ? 1 << 63 : 0)
            }
        }
        var first = RunTally(ruleCounts: Array(repeating: 64, count: versions))
        var second = first
        for (index, masks) in candidates.enumerated() {
            if index % 2 == 0 {
                first.add(length: 8, composition: 0, masks: masks, day: nil)
            } else {
                second.add(length: 8, composition: 0, masks: masks, day: nil)
            }
        }
        var merged = RunTally(ruleCounts: Array(repeating: 64, count: versions))
        merged.merge(first)
        merged.merge(second)
        let transitions = merged.unlockPairs.transitions()
        #expect(transitions.count == versions * (versions - 1))
        for (a, b, counts) in transitions {
            #expect(counts == counted(candidates, a: a, b: b), "pair \(a) → \(b)")
        }
    }

    @Test("a run of one version, or of more than 64, has no pairs to store")
    func noPairs() {
        var one = RunTally(ruleCounts: [2])
        one.add(length: 8, composition: 0, masks: [0], day: nil)
        #expect(one.unlockPairs.transitions().isEmpty)
        #expect(RunTally(ruleCounts: Array(repeating: 1, count: 65)).unlockPairs.transitions().isEmpty)
    }
}
