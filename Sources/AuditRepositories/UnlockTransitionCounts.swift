/// What a store counts for a comparison of two policy versions on the candidates of one run, in one pass each: how
/// many candidates fall in each (unlocked under A, unlocked under B) cell, and, of those A unlocks, how many fail each
/// rule of B. Only candidates scored under both versions count. The use cases derive the comparison from it.
package struct UnlockTransitionCounts: Sendable, Equatable {
    /// One cell of the 2×2 table: whether version A unlocks a candidate and whether version B does.
    package struct Cell: Sendable, Hashable {
        /// The candidate unlocks the reset under version A.
        package var unlockedUnderA: Bool
        /// The candidate unlocks the reset under version B.
        package var unlockedUnderB: Bool

        /// Creates a cell.
        package init(unlockedUnderA: Bool, unlockedUnderB: Bool) {
            self.unlockedUnderA = unlockedUnderA
            self.unlockedUnderB = unlockedUnderB
        }
    }

    /// Candidates per cell; a cell no candidate falls in may be absent.
    package var candidates: [Cell: Int]
    /// Rule bit of version B → candidates unlocked under A that fail that rule (a candidate failing several rules of B
    /// counts once for each); bits no such candidate fails may be absent.
    package var failuresUnlockedUnderA: [Int: Int]

    /// Creates the counts.
    package init(candidates: [Cell: Int] = [:], failuresUnlockedUnderA: [Int: Int] = [:]) {
        self.candidates = candidates
        self.failuresUnlockedUnderA = failuresUnlockedUnderA
    }

    /// The counts as a store reads them, live or stored: the candidates of each cell, the cells no candidate falls in
    /// left out (so that a count and the same count stored and read back are equal).
    package init(bothUnlocked: Int, onlyUnderA: Int, onlyUnderB: Int, neither: Int) {
        self.init()
        for (a, b, count) in [
            (true, true, bothUnlocked), (true, false, onlyUnderA), (false, true, onlyUnderB), (false, false, neither),
        ] where count > 0 {
            candidates[Cell(unlockedUnderA: a, unlockedUnderB: b)] = count
        }
    }

    /// The counts from four aggregates over the candidates scored under both versions (what a store counts without
    /// grouping): the four cells follow by inclusion–exclusion.
    /// - Parameters:
    ///   - scored: The candidates scored under both versions.
    ///   - unlockedUnderA: Of those, the ones version A unlocks; `unlockedUnderB` likewise, `unlockedUnderBoth` both.
    package init(scored: Int, unlockedUnderA: Int, unlockedUnderB: Int, unlockedUnderBoth both: Int) {
        self.init(
            bothUnlocked: both, onlyUnderA: unlockedUnderA - both, onlyUnderB: unlockedUnderB - both,
            neither: scored - unlockedUnderA - unlockedUnderB + both)
    }

    /// Counts `failures` candidates unlocked under A that fail rule `bit` of B; none leaves the bit absent.
    package mutating func addFailures(_ failures: Int, ofRuleBit bit: Int) {
        if failures > 0 { failuresUnlockedUnderA[bit] = failures }
    }

    /// The candidates of the cell (`unlockedUnderA`, `unlockedUnderB`), 0 when absent.
    package subscript(unlockedUnderA a: Bool, unlockedUnderB b: Bool) -> Int {
        candidates[Cell(unlockedUnderA: a, unlockedUnderB: b)] ?? 0
    }
}
