/// zxcvbn's l33t table and its enumeration of substitution sets.
enum L33tTable {
    /// Letter → the characters typed for it, in zxcvbn's order.
    static let table: [(letter: Unicode.Scalar, typed: [Unicode.Scalar])] = [
        ("a", ["4", "@"]), ("b", ["8"]), ("c", ["(", "{", "[", "<"]), ("e", ["3"]), ("g", ["6", "9"]),
        ("i", ["1", "!", "|"]), ("l", ["1", "|", "7"]), ("o", ["0"]), ("s", ["$", "5"]), ("t", ["+", "7"]),
        ("x", ["%"]), ("z", ["2"]),
    ]

    /// The table's (typed, letter) pairs in its order (23 in all), a pair's index being its bit in a set's label.
    static let pairs: [(typed: Unicode.Scalar, letter: Unicode.Scalar)] = table.flatMap { entry in
        entry.typed.map { (typed: $0, letter: entry.letter) }
    }

    /// Every set of substitutions (typed → letter, each typed character for one letter) over the table entries
    /// whose typed characters occur in the password, in zxcvbn's order and deduplicated as it does. The first set
    /// is empty when nothing is relevant.
    ///
    /// The sets are built as lists of pair indices with their labels (the pairs' bits: zxcvbn's deduplication key),
    /// and turned into pairs at the end: a plan is built for each new mix of l33t characters an import meets, tens of
    /// thousands in a million rows.
    static func substitutions(relevantTo password: [Unicode.Scalar]) -> [[(
        typed: Unicode.Scalar, letter: Unicode.Scalar
    )]] {
        // One pass over the password for the typed characters present (all of them are ASCII below 128).
        var present: (low: UInt64, high: UInt64) = (0, 0)
        for scalar in password where scalar.value < 128 {
            if scalar.value < 64 {
                present.low |= 1 << UInt64(scalar.value)
            } else {
                present.high |= 1 << UInt64(scalar.value - 64)
            }
        }
        func isPresent(_ typed: Unicode.Scalar) -> Bool {
            let value = typed.value
            return (value < 64 ? present.low >> UInt64(value) : present.high >> UInt64(value - 64)) & 1 != 0
        }
        let pairs = Self.pairs
        var subs: [[UInt8]] = [[]]
        var labels: [UInt32] = [0]
        var pairIndex = 0
        for entry in table {
            let first = pairIndex
            pairIndex += entry.typed.count
            var next: [[UInt8]] = []
            var nextLabels: [UInt32] = []
            for (offset, typed) in entry.typed.enumerated() where isPresent(typed) {
                let added = UInt8(first + offset)
                for (sub, label) in zip(subs, labels) {
                    if let duplicate = sub.firstIndex(where: { pairs[Int($0)].typed == typed }) {
                        var alternative = sub
                        let removed = alternative.remove(at: duplicate)
                        alternative.append(added)
                        next.append(sub)
                        nextLabels.append(label)
                        next.append(alternative)
                        nextLabels.append(label & ~(1 << UInt32(removed)) | 1 << UInt32(added))
                    } else {
                        next.append(sub + [added])
                        nextLabels.append(label | 1 << UInt32(added))
                    }
                }
            }
            // An entry none of whose typed characters occurs is not relevant: the sets stay as they are.
            if next.isEmpty { continue }
            subs = []
            labels = []
            // Few sets are compared directly; many (a password holding most of the table) through a set of labels.
            var seen: Set<UInt32> = next.count > 32 ? Set(minimumCapacity: next.count) : []
            for (sub, label) in zip(next, nextLabels) {
                if next.count > 32 {
                    guard seen.insert(label).inserted else { continue }
                } else if labels.contains(label) {
                    continue
                }
                subs.append(sub)
                labels.append(label)
            }
        }
        return subs.map { sub in sub.map { pairs[Int($0)] } }
    }
}
