/// zxcvbn's search for the cheapest decomposition: over the password's prefixes, for each length l of a
/// sequence of non-overlapping matches covering the prefix, the sequence minimising
/// `l! · Π guesses + 10000^(l−1)`, gaps filled by bruteforce matches (never two adjacent). Kept in zxcvbn's
/// order of updates so that ties resolve as they do there (the first best stays).
///
/// The matches come in `omnimatch`'s concatenation order, unsorted: zxcvbn visits them by end, then by start, then
/// in its sorted order, which for equal positions is that concatenation order (its sort is stable), so an index sort
/// by (end, start, index) visits them exactly as zxcvbn does. The state lives in flat arrays: no array per position.
struct MinimumGuessesSearch {
    static let minimumGuessesBeforeGrowingSequence = 10000.0

    /// One candidate state: the best length-`l` sequence ending at some position, its last match by index
    /// (`bruteforce` for a bruteforce match from `start`, built only when the sequence is unwound).
    private struct Entry {
        var length: Int32
        var start: Int32
        var match: Int32
        var guesses: Double
        var product: Double
    }

    private static let bruteforce: Int32 = -1

    /// Longest password the tables below serve, plus 2 (the estimator analyses at most
    /// `StrengthEstimator.analyzedLength` scalars).
    private static let tableLength = 200

    /// `l!` and `10000^l` for l up to `tableLength - 1`, computed as zxcvbn's loop would (repeated products), and the
    /// guesses of a bruteforce match by its length (zxcvbn's formula and floors, which depend on it alone). In memory
    /// of their own that lives as long as the process, so that a search reads them without retaining an array (an
    /// import makes one search per estimate, on every core at once).
    private struct Tables: @unchecked Sendable {
        let factorials: UnsafeMutablePointer<Double>
        let powers: UnsafeMutablePointer<Double>
        let bruteforceGuesses: UnsafeMutablePointer<Double>
    }

    private static let tables: Tables = {
        let tables = Tables(
            factorials: .allocate(capacity: tableLength), powers: .allocate(capacity: tableLength),
            bruteforceGuesses: .allocate(capacity: tableLength))
        (tables.factorials[0], tables.powers[0], tables.bruteforceGuesses[0]) = (1, 1, 0)
        for l in 1..<tableLength {
            tables.factorials[l] = tables.factorials[l - 1] * Double(l)
            tables.powers[l] = tables.powers[l - 1] * minimumGuessesBeforeGrowingSequence
            tables.bruteforceGuesses[l] = bruteforceGuesses(l)
        }
        return tables
    }()

    private static func bruteforceGuesses(_ length: Int) -> Double {
        let floor =
            length == 1
            ? GuessEstimation.minimumSubmatchGuessesSingleScalar + 1
            : GuessEstimation.minimumSubmatchGuessesMultipleScalars + 1
        return max(GuessEstimation.pow10(length), floor)
    }

    /// The search's state: for each end k, its entries in insertion order (Python dicts keep it; an update in place
    /// keeps its position), at most k + 1 of them (one per length), in a triangular flat buffer; then each end's
    /// count; the matches' visiting order (`keys`, then `order` and `firstByEnd`, as `search` fills them); and whether
    /// each end is extensible. One allocation by `init` (an import makes one search per estimate), freed by
    /// `deallocate`.
    private struct State {
        private let memory: UnsafeMutableRawPointer
        let entries: UnsafeMutablePointer<Entry>
        let counts: UnsafeMutablePointer<Int>
        /// One sort key per match, the matches' indices in visiting order, and where each end's matches start in it.
        let keys: UnsafeMutableBufferPointer<Int>
        let order: UnsafeMutablePointer<Int>
        let firstByEnd: UnsafeMutablePointer<Int>
        /// Whether position k holds an entry whose last match is not bruteforce.
        let extensible: UnsafeMutablePointer<Bool>
        let factorials: UnsafeMutablePointer<Double>
        let powers: UnsafeMutablePointer<Double>

        init(_ n: Int, matches m: Int) {
            let entryBytes = n * (n + 1) / 2 * MemoryLayout<Entry>.stride
            // counts (n), keys (m), order (m), firstByEnd (n + 1).
            let integers = n + m + m + n + 1
            let integerBytes = integers * MemoryLayout<Int>.stride
            // Entries (of a Double's alignment) first, so the integers after them are aligned as an Int needs.
            let alignment = max(MemoryLayout<Entry>.alignment, MemoryLayout<Int>.alignment)
            memory = .allocate(byteCount: entryBytes + integerBytes + n, alignment: alignment)
            entries = memory.bindMemory(to: Entry.self, capacity: n * (n + 1) / 2)
            let base = (memory + entryBytes).bindMemory(to: Int.self, capacity: integers)
            base.initialize(repeating: 0, count: integers)
            counts = base
            keys = UnsafeMutableBufferPointer(start: base + n, count: m)
            order = base + n + m
            firstByEnd = base + n + m + m
            extensible = (memory + entryBytes + integerBytes).bindMemory(to: Bool.self, capacity: n)
            extensible.initialize(repeating: false, count: n)
            factorials = MinimumGuessesSearch.tables.factorials
            powers = MinimumGuessesSearch.tables.powers
        }

        func deallocate() { memory.deallocate() }

        @inline(__always) static func base(_ k: Int) -> Int { k * (k + 1) / 2 }

        /// Offers the sequence of length `l` ending at `k` with `match` (from `start`) last: for `l` > 1, the one that
        /// extends the entry of length `l - 1` at `start - 1`, whose product is `previousProduct` (each position holds
        /// one entry a length, so the caller, which is reading that entry, passes its product).
        func update(
            start: Int, end k: Int, match: Int32, guesses matchGuesses: Double, _ l: Int, previousProduct: Double = 1
        ) {
            let product = l > 1 ? matchGuesses * previousProduct : matchGuesses
            let g = factorials[l] * product + powers[l - 1]
            let base = Self.base(k)
            var existing = -1
            for index in base..<(base + counts[k]) {
                let competing = entries[index]
                if Int(competing.length) <= l {
                    if competing.guesses <= g { return }
                    if Int(competing.length) == l { existing = index }
                }
            }
            let entry = Entry(length: Int32(l), start: Int32(start), match: match, guesses: g, product: product)
            if existing >= 0 {
                entries[existing] = entry
            } else {
                (entries + base + counts[k]).initialize(to: entry)
                counts[k] += 1
            }
            if match != bruteforce { extensible[k] = true }
        }
    }

    /// One piece of the cheapest decomposition: a candidate match by index, or (`match` nil) a bruteforce span.
    struct Step {
        var start: Int
        var end: Int
        var match: Int?
        var guesses: Double
    }

    /// The cheapest decomposition of a password of `n` scalars given its candidate `matches` (guesses estimated),
    /// and its guesses; the sequence is left empty unless `unwinding` (an import stores the guesses alone).
    static func search(
        _ n: Int, matches: [CandidateMatches.Match], unwinding: Bool = true
    ) -> (guesses: Double, sequence: [Step]) {
        if n == 0 { return (1, []) }
        precondition(n + 2 <= tableLength, "a password longer than the search's tables")
        let state = State(n, matches: matches.count)
        defer { state.deallocate() }
        var keys = state.keys
        let (order, firstByEnd) = (state.order, state.firstByEnd)
        for (index, match) in matches.enumerated() {
            // (end, start, index) as one integer: the order zxcvbn visits the matches in.
            keys[index] = ((match.end &* n &+ match.start) &* matches.count) &+ index
        }
        keys.sort()
        // byEnd[k] is order[firstByEnd[k]..<firstByEnd[k + 1]].
        for (position, key) in keys.enumerated() {
            let index = key % matches.count
            order[position] = index
            firstByEnd[matches[index].end + 1] = position + 1
        }
        for k in 0..<n where firstByEnd[k + 1] < firstByEnd[k] { firstByEnd[k + 1] = firstByEnd[k] }
        let bruteforceGuesses = Self.tables.bruteforceGuesses
        // The entries at start - 1 < k are read while those at k change: no copy of their lengths is needed.
        for k in 0..<n {
            for position in firstByEnd[k]..<firstByEnd[k + 1] {
                let index = order[position]
                let match = matches[index]
                let start = match.start
                if start > 0 {
                    let base = State.base(start - 1)
                    for entry in base..<(base + state.counts[start - 1]) {
                        let previous = state.entries[entry]
                        state.update(
                            start: start, end: k, match: Int32(index), guesses: match.guesses,
                            Int(previous.length) + 1, previousProduct: previous.product)
                    }
                } else {
                    state.update(start: 0, end: k, match: Int32(index), guesses: match.guesses, 1)
                }
            }
            state.update(start: 0, end: k, match: bruteforce, guesses: bruteforceGuesses[k + 1], 1)
            if k >= 1 {
                // Only where it extends something: most (i, k) pairs have only bruteforce behind them.
                for i in 1...k where state.extensible[i - 1] {
                    let base = State.base(i - 1)
                    for entry in base..<(base + state.counts[i - 1]) where state.entries[entry].match != bruteforce {
                        let previous = state.entries[entry]
                        state.update(
                            start: i, end: k, match: bruteforce, guesses: bruteforceGuesses[k - i + 1],
                            Int(previous.length) + 1, previousProduct: previous.product)
                    }
                }
            }
        }

        // Unwind from the end: the first length with the fewest guesses.
        let last = State.base(n - 1)
        var best = state.entries[last]
        for index in (last + 1)..<(last + state.counts[n - 1]) where state.entries[index].guesses < best.guesses {
            best = state.entries[index]
        }
        if !unwinding { return (best.guesses, []) }
        var sequence: [Step] = []
        var k = n - 1
        var l = best.length
        while k >= 0 {
            let base = State.base(k)
            guard let found = (base..<(base + state.counts[k])).first(where: { state.entries[$0].length == l }) else {
                break
            }
            let entry = state.entries[found]
            let start = Int(entry.start)
            if entry.match == bruteforce {
                sequence.append(Step(start: start, end: k, match: nil, guesses: bruteforceGuesses[k - start + 1]))
            } else {
                let index = Int(entry.match)
                sequence.append(Step(start: start, end: k, match: index, guesses: matches[index].guesses))
            }
            k = start - 1
            l -= 1
        }
        sequence.reverse()
        return (best.guesses, sequence)
    }
}
