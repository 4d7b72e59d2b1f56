import Foundation

/// What the l33t walk needs for one set of present l33t characters: zxcvbn's substitution sets in its order, and for
/// each typed character its readings (as typed, or as a letter) with the sets giving each, as bit sets.
///
/// The sets depend only on which of the table's 20 typed characters occur in the password, so plans are kept per
/// process by that 20-bit mask, in two generations behind a lock: the current one holds at most `cacheBudget`
/// substitution sets in all; when a new plan would pass it, the current generation becomes the previous one (the one
/// before is dropped), and a plan found only in the previous one moves back into the current one without a rebuild.
/// Most candidates hold one of a few common masks (a `1`, a `0`, …), which so stay kept however many rare ones pass:
/// 100,000 generated candidates hold about 9,000 masks, a million 37,810, of which the 10,000 commonest cover 95% of
/// the rows with any.
final class L33tPlan: Sendable {
    typealias Substitution = [(typed: Unicode.Scalar, letter: Unicode.Scalar)]

    /// zxcvbn's substitution sets, in its order (never empty: the first set is empty when nothing is relevant).
    let substitutions: [Substitution]
    /// 64-bit words a set of substitution sets takes.
    let words: Int
    /// For each ASCII value, the range of `options` of the typed character (empty when it has no readings), as
    /// `start | end << 8`: a plan is kept for each mix of l33t characters met, so it is kept small.
    private let optionRanges: [UInt16]
    /// Each reading's letter (nil: as typed) and the first of its `words` words in `optionSets`.
    let options: [(letter: Unicode.Scalar?, sets: Int)]
    let optionSets: [UInt64]

    private init(substitutions: [Substitution]) {
        self.substitutions = substitutions
        let words = (substitutions.count + 63) / 64
        self.words = words
        var typedSet: [Unicode.Scalar] = []
        for substitution in substitutions {
            for pair in substitution where !typedSet.contains(pair.typed) { typedSet.append(pair.typed) }
        }
        var optionRanges = [UInt16](repeating: 0, count: 128)
        var options: [(letter: Unicode.Scalar?, sets: Int)] = []
        var optionSets: [UInt64] = []
        for typed in typedSet {
            precondition(typed.isASCII, "a l33t character outside ASCII")
            let first = options.count
            for (index, substitution) in substitutions.enumerated() {
                let letter = substitution.first(where: { $0.typed == typed })?.letter
                let option: Int
                if let known = options[first...].firstIndex(where: { $0.letter == letter }) {
                    option = known
                } else {
                    options.append((letter, optionSets.count))
                    optionSets.append(contentsOf: repeatElement(0, count: words))
                    option = options.count - 1
                }
                optionSets[options[option].sets + index >> 6] |= 1 << UInt64(index & 63)
            }
            precondition(options.count < 256, "more l33t readings than a plan holds")
            optionRanges[Int(typed.value)] = UInt16(first) | UInt16(options.count) << 8
        }
        self.optionRanges = optionRanges
        self.options = options
        self.optionSets = optionSets
    }

    /// The indices in `options` of the readings of `typed` (empty when it has none).
    @inline(__always) func options(of typed: Unicode.Scalar) -> Range<Int> {
        guard typed.value < 128 else { return 0..<0 }
        let range = optionRanges[Int(typed.value)]
        return Int(range & 0xFF)..<Int(range >> 8)
    }

    /// The plan for `password`, nil when none of the table's typed characters occurs in it.
    static func plan(for password: [Unicode.Scalar]) -> L33tPlan? {
        let mask = presentMask(password)
        if mask == 0 { return nil }
        cache.lock.lock()
        if let known = cache.plans[mask] {
            cache.lock.unlock()
            return known
        }
        if let kept = cache.previous[mask] {
            cache.keep(kept, mask)
            cache.lock.unlock()
            return kept
        }
        cache.lock.unlock()
        let plan = L33tPlan(substitutions: L33tTable.substitutions(relevantTo: password))
        cache.lock.lock()
        cache.keep(plan, mask)
        cache.lock.unlock()
        return plan
    }

    /// Which of the table's typed characters occur, one bit each in `typedCharacters`' order.
    static func presentMask(_ password: [Unicode.Scalar]) -> UInt32 {
        var mask: UInt32 = 0
        for scalar in password where scalar.value < 128 { mask |= typedBits[Int(scalar.value)] }
        return mask
    }

    static let cacheBudget = 32_768

    /// The table's typed characters' bits by ASCII value (0 for the rest).
    private static let typedBits: [UInt32] = {
        var bits = [UInt32](repeating: 0, count: 128)
        var next = 0
        for entry in L33tTable.table {
            for typed in entry.typed where bits[Int(typed.value)] == 0 {
                bits[Int(typed.value)] = 1 << UInt32(next)
                next += 1
            }
        }
        return bits
    }()

    private final class Cache: @unchecked Sendable {
        // Guarded by `lock`.
        let lock = NSLock()
        /// The current generation and the one before.
        var plans: [UInt32: L33tPlan] = [:]
        var previous: [UInt32: L33tPlan] = [:]
        /// The substitution sets of all `plans`.
        var sets = 0
        /// Generations started (for tests).
        var generations = 0

        /// Puts `plan` in the current generation, starting a new one when it would pass the budget. The lock is held.
        func keep(_ plan: L33tPlan, _ mask: UInt32) {
            if sets + plan.substitutions.count > L33tPlan.cacheBudget {
                previous = plans
                plans = [:]
                sets = 0
                generations += 1
            }
            if plans.updateValue(plan, forKey: mask) == nil { sets += plan.substitutions.count }
        }
    }
    private static let cache = Cache()

    /// Generations of the process's plan cache started so far (for tests).
    static var cacheGenerations: Int { cache.lock.withLock { cache.generations } }
}
