/// "Did you mean …": the known names closest to a mistyped one, for error messages.
///
/// Closeness is the optimal-string-alignment edit distance (insertions, deletions, substitutions and swaps of two
/// neighbouring characters, each counting 1; case ignored), over the known names only. A name is suggested when it is
/// within `tolerance(for:)` of what was typed (1 for up to five characters, 2 up to eight, 3 beyond), or when what was
/// typed (three characters or more) begins exactly one known name. The closest names win; nothing is suggested when
/// nothing is close.
package enum NameSuggestion {
    /// The known names closest to `typed`, in the order `known` gives them (at most three), or none.
    package static func closest(to typed: String, among known: [String]) -> [String] {
        let typedScalars = Array(typed.lowercased().unicodeScalars)
        guard !typedScalars.isEmpty else { return [] }
        let limit = tolerance(for: typedScalars.count)
        var best = Int.max
        var names: [String] = []
        for name in known where name != typed {
            let distance = self.distance(typedScalars, Array(name.lowercased().unicodeScalars), limit: limit)
            guard distance <= limit else { continue }
            if distance < best { (best, names) = (distance, []) }
            if distance == best, !names.contains(name) { names.append(name) }
        }
        if names.isEmpty, typedScalars.count >= 3 {
            let prefixed = known.filter { $0.lowercased().hasPrefix(typed.lowercased()) && $0 != typed }
            if prefixed.count == 1 { names = prefixed }
        }
        return Array(names.prefix(3))
    }

    /// The message's tail for `typed` among `known`: `; did you mean 'report'?` (quoted with `quote`), or the empty
    /// string when nothing is close.
    package static func didYouMean(_ typed: String, among known: [String], quote: String = "'") -> String {
        let names = closest(to: typed, among: known).map { quote + $0 + quote }
        guard let last = names.last else { return "" }
        let list = names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
        return "; did you mean \(list)?"
    }

    /// How many edits a typed name of `count` characters may be away from a known one.
    static func tolerance(for count: Int) -> Int { count <= 5 ? 1 : count <= 8 ? 2 : 3 }

    /// The optimal-string-alignment distance between `a` and `b`, or `limit + 1` once it must exceed `limit`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, previous2[j - 2] + 1) }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
