/// zxcvbn's l33t table and its enumeration of substitution sets.
enum L33tTable {
    /// Letter → the characters typed for it, in zxcvbn's order.
    static let table: [(letter: Unicode.Scalar, typed: [Unicode.Scalar])] = [
        ("a", ["4", "@"]), ("b", ["8"]), ("c", ["(", "{", "[", "<"]), ("e", ["3"]), ("g", ["6", "9"]),
        ("i", ["1", "!", "|"]), ("l", ["1", "|", "7"]), ("o", ["0"]), ("s", ["$", "5"]), ("t", ["+", "7"]),
        ("x", ["%"]), ("z", ["2"]),
    ]

    /// Every set of substitutions (typed → letter, each typed character for one letter) over the table entries
    /// whose typed characters occur in the password, in zxcvbn's order and deduplicated as it does. The first set
    /// is empty when nothing is relevant.
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
        let relevant = table.compactMap { entry -> (letter: Unicode.Scalar, typed: [Unicode.Scalar])? in
            let typed = entry.typed.filter(isPresent)
            return typed.isEmpty ? nil : (entry.letter, typed)
        }
        if relevant.isEmpty { return [[]] }
        // A set's label for deduplication: its (letter, typed) pairs as bits (the table has 23 pairs).
        func bit(_ typed: Unicode.Scalar, _ letter: Unicode.Scalar) -> UInt32 {
            var index = 0
            for entry in table {
                for candidate in entry.typed {
                    if entry.letter == letter && candidate == typed { return 1 << UInt32(index) }
                    index += 1
                }
            }
            preconditionFailure("not a pair of the l33t table")
        }
        var subs: [[(typed: Unicode.Scalar, letter: Unicode.Scalar)]] = [[]]
        var labels: [UInt32] = [0]
        for entry in relevant {
            var next: [[(typed: Unicode.Scalar, letter: Unicode.Scalar)]] = []
            var nextLabels: [UInt32] = []
            for typed in entry.typed {
                let added = bit(typed, entry.letter)
                for (sub, label) in zip(subs, labels) {
                    if let duplicate = sub.firstIndex(where: { $0.typed == typed }) {
                        var alternative = sub
                        let removed = alternative.remove(at: duplicate)
                        alternative.append((typed, entry.letter))
                        next.append(sub)
                        nextLabels.append(label)
                        next.append(alternative)
                        nextLabels.append(label & ~bit(removed.typed, removed.letter) | added)
                    } else {
                        next.append(sub + [(typed, entry.letter)])
                        nextLabels.append(label | added)
                    }
                }
            }
            var seen: Set<UInt32> = []
            subs = []
            labels = []
            for (sub, label) in zip(next, nextLabels) where seen.insert(label).inserted {
                subs.append(sub)
                labels.append(label)
            }
        }
        return subs
    }
}
