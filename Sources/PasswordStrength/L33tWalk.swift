/// The l33t matcher's single pass: for each start, a depth-first walk over the password where each l33t
/// character is read as typed or as any letter a still-compatible substitution set maps it to. The sets still
/// compatible with the choices made travel as a bit set, so a walk never mixes two sets' readings, and a
/// reading no list word (or user input) starts with is abandoned.
struct L33tWalk {
    private let matcher: DictionaryMatcher
    private let password: [Unicode.Scalar]
    private let lower: [Unicode.Scalar]
    private let substitutions: [[(typed: Unicode.Scalar, letter: Unicode.Scalar)]]
    /// For each typed character: each reading (nil = as typed) and the sets giving it.
    private let readings: [(typed: Unicode.Scalar, options: [(letter: Unicode.Scalar?, sets: [UInt64])])]
    /// ASCII bits of the typed characters that have readings (a quick test before the search in `readings`).
    private let typedMask: (low: UInt64, high: UInt64)
    private let words: Int

    init(
        matcher: DictionaryMatcher, password: [Unicode.Scalar], lower: [Unicode.Scalar],
        substitutions: [[(typed: Unicode.Scalar, letter: Unicode.Scalar)]]
    ) {
        self.matcher = matcher
        self.password = password
        self.lower = lower
        self.substitutions = substitutions
        let words = (substitutions.count + 63) / 64
        self.words = words
        var typedSet: [Unicode.Scalar] = []
        for substitution in substitutions {
            for pair in substitution where !typedSet.contains(pair.typed) { typedSet.append(pair.typed) }
        }
        var readings: [(typed: Unicode.Scalar, options: [(letter: Unicode.Scalar?, sets: [UInt64])])] = []
        var typedMask: (low: UInt64, high: UInt64) = (0, 0)
        for typed in typedSet {
            var options: [(letter: Unicode.Scalar?, sets: [UInt64])] = []
            for (index, substitution) in substitutions.enumerated() {
                let letter = substitution.first(where: { $0.typed == typed })?.letter
                let option: Int
                if let known = options.firstIndex(where: { $0.letter == letter }) {
                    option = known
                } else {
                    options.append((letter, [UInt64](repeating: 0, count: words)))
                    option = options.count - 1
                }
                options[option].sets[index >> 6] |= 1 << UInt64(index & 63)
            }
            readings.append((typed, options))
            if typed.value < 64 {
                typedMask.low |= 1 << UInt64(typed.value)
            } else if typed.value < 128 {
                typedMask.high |= 1 << UInt64(typed.value - 64)
            }
        }
        self.readings = readings
        self.typedMask = typedMask
    }

    /// A found match with what orders it among zxcvbn's first copies.
    private struct Found {
        var set: Int
        var list: Int
        var match: StrengthMatch
    }

    func run() -> [StrengthMatch] {
        var found: [Found] = []
        let all = [UInt64](repeating: ~0, count: words)
        var path: [Unicode.Scalar] = []
        for start in password.indices {
            path.removeAll(keepingCapacity: true)
            walk(
                start: start, at: start, node: RankedWordTable.root, substituted: false, sets: all, path: &path,
                found: &found)
        }
        found.sort { ($0.match.start, $0.match.end, $0.set, $0.list) < ($1.match.start, $1.match.end, $1.set, $1.list) }
        return found.map(\.match)
    }

    private func walk(
        start: Int, at index: Int, node: Int, substituted: Bool, sets: [UInt64], path: inout [Unicode.Scalar],
        found: inout [Found]
    ) {
        guard index < password.count else { return }
        let table = matcher.table
        let typed = password[index]
        if let options = options(of: typed) {
            for option in options {
                var narrowed = sets
                var any: UInt64 = 0
                for word in 0..<words {
                    narrowed[word] &= option.sets[word]
                    any |= narrowed[word]
                }
                guard any != 0 else { continue }
                step(
                    start: start, at: index, reading: option.letter ?? lower[index], node: node,
                    substituted: substituted || option.letter != nil, sets: narrowed, path: &path, found: &found,
                    table: table)
            }
        } else {
            step(
                start: start, at: index, reading: lower[index], node: node, substituted: substituted, sets: sets,
                path: &path, found: &found, table: table)
        }
    }

    private func step(
        start: Int, at index: Int, reading: Unicode.Scalar, node: Int, substituted: Bool, sets: [UInt64],
        path: inout [Unicode.Scalar], found: inout [Found], table: RankedWordTable
    ) {
        path.append(reading)
        defer { path.removeLast() }
        let length = path.count
        var next = RankedWordTable.absent
        if node != RankedWordTable.absent && reading.isASCII { next = table.child(of: node, UInt8(reading.value)) }
        let tableAlive = next != RankedWordTable.absent
        let userAlive = length <= matcher.userInputs.maximumLength && matcher.userInputs.hasPrefix(path)
        guard tableAlive || userAlive else { return }
        if substituted && length > 1 {
            let set = firstSet(sets)
            if tableAlive, let entry = table.entry(at: next) {
                for list in table.names.indices {
                    let rank = table.rank(entry: entry, list: list)
                    if rank > 0 {
                        found.append(
                            Found(
                                set: set, list: list,
                                match: match(start, index, list: table.names[list], rank: rank, set: set, path: path)))
                    }
                }
            }
            if userAlive, let rank = matcher.userInputs.rank(of: path) {
                found.append(
                    Found(
                        set: set, list: table.names.count,
                        match: match(start, index, list: "user_inputs", rank: rank, set: set, path: path)))
            }
        }
        walk(
            start: start, at: index + 1, node: next, substituted: substituted, sets: sets, path: &path, found: &found)
    }

    /// The readings of `typed`, nil when it has none (every typed character of the table is ASCII).
    @inline(__always) private func options(of typed: Unicode.Scalar) -> [(letter: Unicode.Scalar?, sets: [UInt64])]? {
        let value = typed.value
        guard value < 128,
            (value < 64 ? typedMask.low >> UInt64(value) : typedMask.high >> UInt64(value - 64)) & 1 != 0
        else { return nil }
        for reading in readings where reading.typed == typed { return reading.options }
        return nil
    }

    private func firstSet(_ sets: [UInt64]) -> Int {
        for word in 0..<words where sets[word] != 0 { return word * 64 + sets[word].trailingZeroBitCount }
        return 0
    }

    private func match(
        _ i: Int, _ j: Int, list: String, rank: Int, set: Int, path: [Unicode.Scalar]
    ) -> StrengthMatch {
        let token = password[i...j]
        return StrengthMatch(
            start: i, end: j, token: ScalarText.string(token),
            pattern: .dictionary(
                DictionaryMatch(
                    dictionaryName: list, matchedWord: ScalarText.string(path), rank: rank, reversed: false,
                    substitutions: substitutions[set].filter { token.contains($0.typed) })))
    }
}
