import Foundation

/// What the l33t walk needs for one set of present l33t characters: zxcvbn's substitution sets in its order, and for
/// each typed character its readings (as typed, or as a letter) with the sets giving each, as bit sets.
///
/// The sets depend only on which of the table's 20 typed characters occur in the password, so plans are kept per
/// process by that 20-bit mask (a lock around a dictionary holding at most `cacheBudget` substitution sets in all,
/// about 4 MiB at worst; when a new plan would pass it the dictionary starts again empty): most candidates hold one
/// of a few common masks (a `1`, a `0`, …), and 100,000 generated candidates hold about 9,000 masks.
final class L33tPlan: Sendable {
    typealias Substitution = [(typed: Unicode.Scalar, letter: Unicode.Scalar)]

    /// zxcvbn's substitution sets, in its order (never empty: the first set is empty when nothing is relevant).
    let substitutions: [Substitution]
    /// 64-bit words a set of substitution sets takes.
    let words: Int
    /// For each ASCII value, the range of `options` of the typed character (empty when it has no readings).
    let optionRanges: [Range<Int>]
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
        var optionRanges = [Range<Int>](repeating: 0..<0, count: 128)
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
            optionRanges[Int(typed.value)] = first..<options.count
        }
        self.optionRanges = optionRanges
        self.options = options
        self.optionSets = optionSets
    }

    /// The plan for `password`, nil when none of the table's typed characters occurs in it.
    static func plan(for password: [Unicode.Scalar]) -> L33tPlan? {
        let mask = presentMask(password)
        if mask == 0 { return nil }
        cache.lock.lock()
        let known = cache.plans[mask]
        cache.lock.unlock()
        if let known { return known }
        let plan = L33tPlan(substitutions: L33tTable.substitutions(relevantTo: password))
        cache.lock.lock()
        if cache.sets + plan.substitutions.count > cacheBudget {
            cache.plans.removeAll()
            cache.sets = 0
        }
        if cache.plans.updateValue(plan, forKey: mask) == nil { cache.sets += plan.substitutions.count }
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
        var plans: [UInt32: L33tPlan] = [:]
        /// The substitution sets of all `plans`.
        var sets = 0
    }
    private static let cache = Cache()
}
