/// The l33t matcher's single pass: for each start, a depth-first walk over the password where each l33t
/// character is read as typed or as any letter a still-compatible substitution set maps it to. The sets still
/// compatible with the choices made travel as a bit set, so a walk never mixes two sets' readings, and a
/// reading no list word (or user input) starts with is abandoned.
struct L33tWalk {
    private let table: RankedWordTable
    private let userInputs: UserInputDictionary
    /// Whether the user inputs are narrowed by bit set (at most 64 of them).
    private let fewInputs: Bool
    private let password: [Unicode.Scalar]
    private let lower: [Unicode.Scalar]
    private let plan: L33tPlan
    private let words: Int

    init(matcher: DictionaryMatcher, password: [Unicode.Scalar], lower: [Unicode.Scalar], plan: L33tPlan) {
        table = matcher.table
        userInputs = matcher.userInputs
        fewInputs = matcher.userInputs.count <= 64
        self.password = password
        self.lower = lower
        self.plan = plan
        self.words = plan.words
    }

    /// A found match with what orders it among zxcvbn's first copies.
    private struct Found {
        var set: Int
        var list: Int
        var match: CandidateMatches.Match
    }

    /// Appends the matches to `matches` (whose plan is this walk's), each with its guesses.
    func run(into matches: inout CandidateMatches) {
        var found: [Found] = []
        // The sets still compatible at each depth of the walk, `words` words a depth.
        var sets = [UInt64](repeating: ~0, count: words * (password.count + 1))
        var path: [Unicode.Scalar] = []
        path.reserveCapacity(password.count)
        // A walk needs a substitution, so a start with no l33t character after it walks nowhere.
        var lastTyped = -1
        for index in password.indices where !options(of: password[index]).isEmpty { lastTyped = index }
        for start in password.indices where start <= lastTyped {
            path.removeAll(keepingCapacity: true)
            walk(
                start: start, at: start, node: RankedWordTable.root, inputs: userInputs.all,
                substituted: false, sets: &sets, path: &path, found: &found, readings: &matches.readings)
        }
        found.sort { ($0.match.start, $0.match.end, $0.set, $0.list) < ($1.match.start, $1.match.end, $1.set, $1.list) }
        for item in found { matches.matches.append(item.match) }
    }

    /// The walk at `index`, `path.count` scalars read since `start`; the compatible sets are those at that depth,
    /// `inputs` the user inputs (the first 64) starting with `path`.
    private func walk(
        start: Int, at index: Int, node: Int, inputs: UInt64, substituted: Bool, sets: inout [UInt64],
        path: inout [Unicode.Scalar], found: inout [Found], readings: inout [Unicode.Scalar]
    ) {
        guard index < password.count else { return }
        let typed = password[index]
        let depth = path.count
        let here = depth * words
        let options = options(of: typed)
        if !options.isEmpty {
            for option in options {
                let option = plan.options[option]
                var any: UInt64 = 0
                for word in 0..<words {
                    let narrowed = sets[here + word] & plan.optionSets[option.sets + word]
                    sets[here + words + word] = narrowed
                    any |= narrowed
                }
                guard any != 0 else { continue }
                step(
                    start: start, at: index, reading: option.letter ?? lower[index], node: node, inputs: inputs,
                    substituted: substituted || option.letter != nil, sets: &sets, path: &path, found: &found,
                    readings: &readings)
            }
        } else {
            for word in 0..<words { sets[here + words + word] = sets[here + word] }
            step(
                start: start, at: index, reading: lower[index], node: node, inputs: inputs, substituted: substituted,
                sets: &sets, path: &path, found: &found, readings: &readings)
        }
    }

    private func step(
        start: Int, at index: Int, reading: Unicode.Scalar, node: Int, inputs: UInt64, substituted: Bool,
        sets: inout [UInt64], path: inout [Unicode.Scalar], found: inout [Found], readings: inout [Unicode.Scalar]
    ) {
        path.append(reading)
        defer { path.removeLast() }
        let length = path.count
        var next = RankedWordTable.absent
        if node != RankedWordTable.absent && reading.isASCII { next = table.child(of: node, UInt8(reading.value)) }
        let tableAlive = next != RankedWordTable.absent
        var alive = inputs
        let userAlive: Bool
        if fewInputs {
            alive = alive == 0 ? 0 : userInputs.narrowed(alive, offset: length - 1, scalar: reading)
            userAlive = alive != 0
        } else {
            userAlive = length <= userInputs.maximumLength && userInputs.hasPrefix(path)
        }
        guard tableAlive || userAlive else { return }
        if substituted && length > 1 {
            let set = firstSet(sets, depth: length)
            var guessesFactor = -1.0
            if tableAlive, let entry = table.entry(at: next) {
                for list in table.names.indices {
                    let rank = table.rank(entry: entry, list: list)
                    if rank > 0 {
                        found.append(
                            Found(
                                set: set, list: list,
                                match: match(
                                    start, index, list: list, rank: rank, set: set, path: path, &guessesFactor,
                                    &readings)))
                    }
                }
            }
            if userAlive,
                let rank = fewInputs ? userInputs.rank(among: alive, length: length) : userInputs.rank(of: path)
            {
                found.append(
                    Found(
                        set: set, list: table.names.count,
                        match: match(
                            start, index, list: table.names.count, rank: rank, set: set, path: path,
                            &guessesFactor, &readings)))
            }
        }
        walk(
            start: start, at: index + 1, node: next, inputs: alive, substituted: substituted, sets: &sets,
            path: &path, found: &found, readings: &readings)
    }

    /// The indices in `plan.options` of the readings of `typed` (empty when it has none).
    @inline(__always) private func options(of typed: Unicode.Scalar) -> Range<Int> {
        plan.options(of: typed)
    }

    private func firstSet(_ sets: [UInt64], depth: Int) -> Int {
        let here = depth * words
        for word in 0..<words where sets[here + word] != 0 { return word * 64 + sets[here + word].trailingZeroBitCount }
        return 0
    }

    /// The match of `i...j` read as `path` (appended to `readings`), with its guesses; `factor` caches the token's
    /// upper-case variations (negative until computed).
    private func match(
        _ i: Int, _ j: Int, list: Int, rank: Int, set: Int, path: [Unicode.Scalar], _ factor: inout Double,
        _ readings: inout [Unicode.Scalar]
    ) -> CandidateMatches.Match {
        let token = password[i...j]
        let reading = readings.count
        readings.append(contentsOf: path)
        if factor < 0 { factor = GuessEstimation.uppercaseVariations(token) }
        let l33t = GuessEstimation.l33tVariations(token, lower: lower[i...j], substitutions: plan.substitutions[set])
        let formula = Double(rank) * factor * l33t
        return CandidateMatches.Match(
            start: i, end: j, guesses: GuessEstimation.floored(formula, length: j - i + 1, in: password.count),
            source: .l33t(list: Int32(list), rank: Int32(rank), set: Int32(set), reading: Int32(reading)))
    }
}
