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
    /// side by side in one flat array, and turned into pairs at the end: a plan is built for each new mix of l33t
    /// characters an import meets, tens of thousands in a million rows.
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
        // Each set is `stride` bytes of one flat array: its size, then its pairs' indices in order (a set holds one
        // pair a typed character, 20 at most), so that building the sets allocates nothing a set.
        let stride = pairs.count + 1
        var subs = [UInt8](repeating: 0, count: stride)
        var labels: [UInt32] = [0]
        var next: [UInt8] = []
        var nextLabels: [UInt32] = []
        var pairIndex = 0
        for entry in table {
            let first = pairIndex
            pairIndex += entry.typed.count
            next.removeAll(keepingCapacity: true)
            nextLabels.removeAll(keepingCapacity: true)
            for (offset, typed) in entry.typed.enumerated() where isPresent(typed) {
                let added = UInt8(first + offset)
                for set in labels.indices {
                    let base = set * stride
                    let count = Int(subs[base])
                    var duplicate = -1
                    for k in 0..<count where pairs[Int(subs[base + 1 + k])].typed == typed {
                        duplicate = k
                        break
                    }
                    let label = labels[set]
                    next.append(contentsOf: subs[base..<(base + stride)])
                    if duplicate >= 0 {
                        // The set as it is, and the set with the typed character's pair swapped for this one (moved
                        // to the end, as zxcvbn removes it and appends the new one).
                        nextLabels.append(label)
                        let removed = subs[base + 1 + duplicate]
                        let alternative = next.count
                        next.append(contentsOf: subs[base..<(base + stride)])
                        var write = alternative + 1
                        for k in 0..<count where k != duplicate {
                            next[write] = subs[base + 1 + k]
                            write += 1
                        }
                        next[write] = added
                        nextLabels.append(label & ~(1 << UInt32(removed)) | 1 << UInt32(added))
                    } else {
                        let extended = next.count - stride
                        next[extended + 1 + count] = added
                        next[extended] = UInt8(count + 1)
                        nextLabels.append(label | 1 << UInt32(added))
                    }
                }
            }
            // An entry none of whose typed characters occurs is not relevant: the sets stay as they are.
            if nextLabels.isEmpty { continue }
            subs.removeAll(keepingCapacity: true)
            labels.removeAll(keepingCapacity: true)
            // Few sets are compared directly; many (a password holding most of the table) through a set of labels.
            var seen: Set<UInt32> = nextLabels.count > 32 ? Set(minimumCapacity: nextLabels.count) : []
            for (set, label) in nextLabels.enumerated() {
                if nextLabels.count > 32 {
                    guard seen.insert(label).inserted else { continue }
                } else if labels.contains(label) {
                    continue
                }
                subs.append(contentsOf: next[(set * stride)..<((set + 1) * stride)])
                labels.append(label)
            }
        }
        return labels.indices.map { set in
            let base = set * stride
            return (0..<Int(subs[base])).map { pairs[Int(subs[base + 1 + $0])] }
        }
    }
}
