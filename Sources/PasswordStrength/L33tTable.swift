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
        let present = Set(password)
        let relevant = table.compactMap { entry -> (letter: Unicode.Scalar, typed: [Unicode.Scalar])? in
            let typed = entry.typed.filter { present.contains($0) }
            return typed.isEmpty ? nil : (entry.letter, typed)
        }
        var subs: [[(typed: Unicode.Scalar, letter: Unicode.Scalar)]] = [[]]
        for entry in relevant {
            var next: [[(typed: Unicode.Scalar, letter: Unicode.Scalar)]] = []
            for typed in entry.typed {
                for sub in subs {
                    if let duplicate = sub.firstIndex(where: { $0.typed == typed }) {
                        var alternative = sub
                        alternative.remove(at: duplicate)
                        alternative.append((typed, entry.letter))
                        next.append(sub)
                        next.append(alternative)
                    } else {
                        next.append(sub + [(typed, entry.letter)])
                    }
                }
            }
            var seen: Set<[UInt32]> = []
            subs = next.filter { sub in
                let label = sub.map { (letter: $0.letter.value, typed: $0.typed.value) }
                    .sorted { ($0.letter, $0.typed) < ($1.letter, $1.typed) }
                    .flatMap { [$0.letter, $0.typed] }
                return seen.insert(label).inserted
            }
        }
        return subs
    }
}
