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

    /// Appends the matches to `matches` (whose plan is this walk's), each with its guesses.
    ///
    /// The walk's state lives in two temporary buffers (on the stack for any but long passwords): the sets still
    /// compatible at each depth, `words` words a depth, and the scalars read since the start.
    func run(into matches: inout CandidateMatches) {
        let first = matches.matches.count
        // A walk needs a substitution, so a start with no l33t character after it walks nowhere.
        var lastTyped = -1
        for index in password.indices where !options(of: password[index]).isEmpty { lastTyped = index }
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: words * (password.count + 1)) { sets in
            sets.initialize(repeating: ~0)
            withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: password.count) { path in
                for start in password.indices where start <= lastTyped {
                    walk(
                        start: start, at: start, node: RankedWordTable.root, inputs: userInputs.all,
                        substituted: false, sets: sets, path: path, depth: 0, into: &matches)
                }
            }
        }
        // In zxcvbn's order of first copies: by (start, end), then by the first set yielding the match, then by list
        // (no two matches of one walk share all four: a set fixes the reading).
        matches.matches[first...].sort { a, b in
            guard case .l33t(let listA, _, let setA, _) = a.source, case .l33t(let listB, _, let setB, _) = b.source
            else { preconditionFailure("a l33t walk found a match of another kind") }
            return (a.start, a.end, setA, listA) < (b.start, b.end, setB, listB)
        }
    }

    /// The walk at `index`, `depth` scalars read since `start` (in `path`); the compatible sets are those at that
    /// depth, `inputs` the user inputs (the first 64) starting with the scalars read.
    private func walk(
        start: Int, at index: Int, node: Int, inputs: UInt64, substituted: Bool,
        sets: UnsafeMutableBufferPointer<UInt64>, path: UnsafeMutableBufferPointer<Unicode.Scalar>, depth: Int,
        into matches: inout CandidateMatches
    ) {
        guard index < password.count else { return }
        let typed = password[index]
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
                    substituted: substituted || option.letter != nil, sets: sets, path: path, depth: depth,
                    into: &matches)
            }
        } else {
            for word in 0..<words { sets[here + words + word] = sets[here + word] }
            step(
                start: start, at: index, reading: lower[index], node: node, inputs: inputs, substituted: substituted,
                sets: sets, path: path, depth: depth, into: &matches)
        }
    }

    private func step(
        start: Int, at index: Int, reading: Unicode.Scalar, node: Int, inputs: UInt64, substituted: Bool,
        sets: UnsafeMutableBufferPointer<UInt64>, path: UnsafeMutableBufferPointer<Unicode.Scalar>, depth: Int,
        into matches: inout CandidateMatches
    ) {
        path[depth] = reading
        let length = depth + 1
        let read = UnsafeBufferPointer(rebasing: path[..<length])
        var next = RankedWordTable.absent
        if node != RankedWordTable.absent && reading.isASCII { next = table.child(of: node, UInt8(reading.value)) }
        let tableAlive = next != RankedWordTable.absent
        var alive = inputs
        let userAlive: Bool
        if fewInputs {
            alive = alive == 0 ? 0 : userInputs.narrowed(alive, offset: length - 1, scalar: reading)
            userAlive = alive != 0
        } else {
            userAlive = length <= userInputs.maximumLength && userInputs.hasPrefix(read)
        }
        guard tableAlive || userAlive else { return }
        if substituted && length > 1 {
            let set = firstSet(sets, depth: length)
            var guessesFactor = -1.0
            if tableAlive, let entry = table.entry(at: next) {
                for list in table.names.indices {
                    let rank = table.rank(entry: entry, list: list)
                    if rank > 0 {
                        append(start, index, list: list, rank: rank, set: set, path: read, &guessesFactor, &matches)
                    }
                }
            }
            if userAlive,
                let rank = fewInputs ? userInputs.rank(among: alive, length: length) : userInputs.rank(of: read)
            {
                append(
                    start, index, list: table.names.count, rank: rank, set: set, path: read, &guessesFactor, &matches)
            }
        }
        walk(
            start: start, at: index + 1, node: next, inputs: alive, substituted: substituted, sets: sets, path: path,
            depth: length, into: &matches)
    }

    /// The indices in `plan.options` of the readings of `typed` (empty when it has none).
    @inline(__always) private func options(of typed: Unicode.Scalar) -> Range<Int> {
        plan.options(of: typed)
    }

    private func firstSet(_ sets: UnsafeMutableBufferPointer<UInt64>, depth: Int) -> Int {
        let here = depth * words
        for word in 0..<words where sets[here + word] != 0 { return word * 64 + sets[here + word].trailingZeroBitCount }
        return 0
    }

    /// Appends the match of `i...j` read as `path` (appended to `matches.readings`), with its guesses; `factor` caches
    /// the token's upper-case variations (negative until computed).
    private func append(
        _ i: Int, _ j: Int, list: Int, rank: Int, set: Int, path: UnsafeBufferPointer<Unicode.Scalar>,
        _ factor: inout Double, _ matches: inout CandidateMatches
    ) {
        let token = password[i...j]
        let reading = matches.readings.count
        matches.readings.append(contentsOf: path)
        if factor < 0 { factor = GuessEstimation.uppercaseVariations(token) }
        let l33t = GuessEstimation.l33tVariations(token, lower: lower[i...j], substitutions: plan.substitutions[set])
        let formula = Double(rank) * factor * l33t
        matches.matches.append(
            CandidateMatches.Match(
                start: i, end: j, guesses: GuessEstimation.floored(formula, length: j - i + 1, in: password.count),
                source: .l33t(list: Int32(list), rank: Int32(rank), set: Int32(set), reading: Int32(reading))))
    }
}
