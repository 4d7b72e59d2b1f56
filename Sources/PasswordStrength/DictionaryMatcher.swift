/// zxcvbn's dictionary matchers: every substring of the lower-cased password found in a ranked list or in the
/// user's inputs, the same for the reversed password, and for each consistent set of l33t substitutions.
struct DictionaryMatcher {
    let table: RankedWordTable
    let userInputs: UserInputDictionary

    /// Plain matches, ordered by (start, end) and, for one token, by list in zxcvbn's order (user inputs last).
    ///
    /// With `firstRequired` (for each start, the first offset at or after it that a match must reach), substrings
    /// that stop short of it are not reported: the l33t matcher's, which cannot hold a substitution.
    func matches(_ password: [Unicode.Scalar], firstRequired: [Int]? = nil) -> [StrengthMatch] {
        var found = CandidateMatches(password: password, names: names)
        scan(into: &found, reversed: false, firstRequired: firstRequired)
        return found.matches.indices.map { found.strengthMatch($0, withGuesses: false) }
    }

    /// The list names in `CandidateMatches.Source`'s numbering: the table's, then the user inputs.
    var names: [String] { table.allNames }

    /// Appends the plain matches of `found.password` (`reversed`: of the reversed password, mapped back onto the
    /// password: spans and tokens as typed, in the reversed scan's order; `omnimatch` sorts all matches by position,
    /// stably), each with its guesses.
    func scan(into found: inout CandidateMatches, reversed: Bool, firstRequired: [Int]? = nil) {
        let inputs = userInputs.count
        let listCount = table.names.count
        let (lower, apart) = (found.lower, found.lowerReversedApart)
        table.withTrie { nodes, codes in
            let scanLower = { (lower: UnsafeBufferPointer<Unicode.Scalar>) in
                scan(
                    into: &found, reversed: reversed, firstRequired: firstRequired, lower: lower, nodes: nodes,
                    codes: codes, inputs: inputs, listCount: listCount)
            }
            if reversed {
                CandidateMatches.withLowerReversed(lower, apart: apart, scanLower)
            } else {
                lower.withUnsafeBufferPointer(scanLower)
            }
        }
    }

    private func scan(
        into found: inout CandidateMatches, reversed: Bool, firstRequired: [Int]?,
        lower: UnsafeBufferPointer<Unicode.Scalar>, nodes: UnsafeBufferPointer<RankedWordTable.Node>,
        codes: UnsafeBufferPointer<UInt8>, inputs: Int, listCount: Int
    ) {
        let n = found.password.count
        for i in 0..<n {
            // The walk from i stops where no listed word starts with the substring (or at a non-ASCII scalar) and
            // no user input does.
            var node = RankedWordTable.root
            var inputsAlive = userInputs.all
            let required = firstRequired?[i] ?? i
            var j = i
            while j < n && (node != RankedWordTable.absent || inputsAlive != 0) {
                let length = j - i + 1
                let reported = j >= required
                let scalar = lower[j]
                // The token's variations as typed (upper case), computed once for all its lists.
                var variations = -1.0
                if node != RankedWordTable.absent {
                    node =
                        scalar.isASCII
                        ? RankedWordTable.child(of: node, UInt8(scalar.value), nodes: nodes, codes: codes)
                        : RankedWordTable.absent
                    if node != RankedWordTable.absent, reported, nodes[node].entry >= 0 {
                        let entry = Int(nodes[node].entry)
                        for list in 0..<listCount {
                            let rank = table.rank(entry: entry, list: list)
                            if rank > 0 {
                                append(&found, i, j, list: list, rank: rank, reversed: reversed, &variations)
                            }
                        }
                    }
                }
                if inputsAlive != 0 {
                    if inputs <= 64 {
                        inputsAlive = userInputs.narrowed(inputsAlive, offset: length - 1, scalar: scalar)
                        if reported, inputsAlive != 0, let rank = userInputs.rank(among: inputsAlive, length: length) {
                            append(&found, i, j, list: listCount, rank: rank, reversed: reversed, &variations)
                        }
                    } else {
                        if length > userInputs.maximumLength { inputsAlive = 0 }
                        if reported, length <= userInputs.maximumLength, let rank = userInputs.rank(of: lower[i...j]) {
                            append(&found, i, j, list: listCount, rank: rank, reversed: reversed, &variations)
                        }
                    }
                }
                j += 1
            }
        }
    }

    /// Appends the match of `i...j` (in the scanned orientation) with its guesses; `variations` caches the token's
    /// upper-case variations (negative until computed).
    @inline(__always)
    private func append(
        _ found: inout CandidateMatches, _ i: Int, _ j: Int, list: Int, rank: Int, reversed: Bool,
        _ variations: inout Double
    ) {
        let n = found.password.count
        let (start, end) = reversed ? (n - 1 - j, n - 1 - i) : (i, j)
        if variations < 0 { variations = GuessEstimation.uppercaseVariations(found.password[start...end]) }
        let formula = Double(rank) * variations * (reversed ? 2 : 1)
        found.matches.append(
            CandidateMatches.Match(
                start: start, end: end, guesses: GuessEstimation.floored(formula, length: j - i + 1, in: n),
                source: .word(list: Int32(list), rank: Int32(rank), reversed: reversed)))
    }

    /// Matches of the reversed password, mapped back onto the password (tokens as typed, `reversed` set), in the
    /// reversed scan's order (`omnimatch` sorts all matches by position, stably).
    func reversedMatches(_ password: [Unicode.Scalar]) -> [StrengthMatch] {
        var found = CandidateMatches(password: password, names: names)
        scan(into: &found, reversed: true)
        return found.matches.indices.map { found.strengthMatch($0, withGuesses: false) }
    }

    /// Matches that need at least one substitution of zxcvbn's l33t table, tokens longer than one scalar.
    ///
    /// zxcvbn rescans the password once per substitution set and reports a match once per set that yields it;
    /// the copies are identical and the search keeps the first of equal candidates. Here one walk per start
    /// follows every consistent choice at once (each l33t character: as typed, or each letter some set maps it
    /// to), carrying the sets still compatible as a bit set, and pruned by the lists' prefixes. Each match is
    /// reported once, ordered as zxcvbn's first copy: by (start, end), then by the first set yielding it, then
    /// by list.
    func l33tMatches(_ password: [Unicode.Scalar]) -> [StrengthMatch] {
        var found = CandidateMatches(password: password, names: names)
        scanL33t(into: &found)
        return found.matches.indices.map { found.strengthMatch($0, withGuesses: false) }
    }

    /// Appends the l33t matches of `found.password`, each with its guesses.
    func scanL33t(into found: inout CandidateMatches) {
        guard let plan = L33tPlan.plan(for: found.password) else { return }
        guard found.lower.count == found.password.count else {
            found.append(others: rescanningL33tMatches(found.password, plan.substitutions))
            return
        }
        found.plan = plan
        L33tWalk(matcher: self, password: found.password, lower: found.lower, plan: plan).run(into: &found)
    }

    /// zxcvbn's own way, one rescan per substitution set: for a password whose lower-case form changes length.
    func rescanningL33tMatches(
        _ password: [Unicode.Scalar], _ substitutions: [[(typed: Unicode.Scalar, letter: Unicode.Scalar)]]
    ) -> [StrengthMatch] {
        var result: [StrengthMatch] = []
        var seen: Set<L33tMatchKey> = []
        for substitution in substitutions {
            if substitution.isEmpty { break }
            let map = Dictionary(substitution.map { ($0.typed, $0.letter) }, uniquingKeysWith: { first, _ in first })
            let subbed = password.map { map[$0] ?? $0 }
            var firstRequired = [Int](repeating: password.count, count: password.count + 1)
            for index in password.indices.reversed() {
                firstRequired[index] = map[password[index]] == nil ? firstRequired[index + 1] : index
            }
            for var found in matches(subbed, firstRequired: firstRequired) {
                let token = password[found.start...found.end]
                guard case .dictionary(var detail) = found.pattern else { continue }
                if ScalarText.lowered(token).elementsEqual(detail.matchedWord.unicodeScalars) { continue }
                detail.substitutions = substitution.filter { token.contains($0.typed) }
                guard found.length > 1,
                    seen.insert(
                        L33tMatchKey(
                            start: found.start, end: found.end, list: detail.dictionaryName,
                            typed: detail.substitutions.map(\.typed), letters: detail.substitutions.map(\.letter))
                    ).inserted
                else { continue }
                found.pattern = .dictionary(detail)
                found.token = ScalarText.string(token)
                result.append(found)
            }
        }
        return stableSortedByPosition(result)
    }
}

/// What makes two l33t matches the same match.
private struct L33tMatchKey: Hashable {
    var start: Int
    var end: Int
    var list: String
    var typed: [Unicode.Scalar]
    var letters: [Unicode.Scalar]
}

/// The user's own inputs as zxcvbn ranks them: lower-cased, rank = position (1-based; a repeated input keeps
/// its last position, as Python's dict comprehension does).
struct UserInputDictionary: Sendable {
    /// Each distinct lower-cased input's scalars, back to back (`scalars[starts[k]..<starts[k + 1]]`), and its rank:
    /// a handful, compared directly, no hashing.
    private let scalars: [Unicode.Scalar]
    private let starts: [Int]
    private let ranks: [Int]
    /// How many distinct inputs.
    let count: Int
    let maximumLength: Int

    init(_ inputs: [String]) {
        // Sized once: an import builds one dictionary per estimate, and growing these arrays an append at a time
        // cost more allocations than the rest of a short password's estimate.
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(inputs.reduce(0) { $0 + $1.utf8.count })
        var starts = [Int]()
        starts.reserveCapacity(inputs.count + 1)
        starts.append(0)
        var ranks: [Int] = []
        ranks.reserveCapacity(inputs.count)
        var longest = 0
        for (index, input) in inputs.enumerated() {
            let start = scalars.count
            Self.appendLowered(input, to: &scalars)
            let length = scalars.count - start
            var known: Int?
            for other in 0..<ranks.count where starts[other + 1] - starts[other] == length {
                var same = true
                for offset in 0..<length where scalars[starts[other] + offset] != scalars[start + offset] {
                    same = false
                    break
                }
                if same {
                    known = other
                    break
                }
            }
            if let known {
                ranks[known] = index + 1
                scalars.removeSubrange(start...)
            } else {
                ranks.append(index + 1)
                starts.append(scalars.count)
                longest = max(longest, scalars.count - start)
            }
        }
        self.scalars = scalars
        self.starts = starts
        self.ranks = ranks
        count = ranks.count
        maximumLength = longest
        all = ranks.isEmpty ? 0 : ranks.count >= 64 ? ~0 : (1 << UInt64(ranks.count)) - 1
    }

    /// Appends `ScalarText.lowered` of the input's scalars, ASCII without decoding.
    private static func appendLowered(_ input: String, to scalars: inout [Unicode.Scalar]) {
        var input = input
        let ascii = input.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
            for byte in bytes { scalars.append(Unicode.Scalar(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)) }
            return true
        }
        if !ascii { scalars += ScalarText.lowered(input.unicodeScalars) }
    }

    /// One bit per input (the first 64; more inputs are compared whole by `rank(of:)`, never pruned): the walk's
    /// starting set of inputs still matching.
    let all: UInt64

    /// The inputs of `alive` (at most 64 inputs) whose scalar at `offset` is `scalar`.
    @inline(__always) func narrowed(_ alive: UInt64, offset: Int, scalar: Unicode.Scalar) -> UInt64 {
        var remaining = alive
        var kept: UInt64 = 0
        while remaining != 0 {
            let index = remaining.trailingZeroBitCount
            remaining &= remaining &- 1
            let at = starts[index] + offset
            if at < starts[index + 1] && scalars[at] == scalar { kept |= 1 << UInt64(index) }
        }
        return kept
    }

    /// The rank of the input of `alive` (all matching so far) that is `length` scalars long, or nil.
    @inline(__always) func rank(among alive: UInt64, length: Int) -> Int? {
        var remaining = alive
        while remaining != 0 {
            let index = remaining.trailingZeroBitCount
            remaining &= remaining &- 1
            if starts[index + 1] - starts[index] == length { return ranks[index] }
        }
        return nil
    }

    /// The rank of the input equal to `word`, or nil.
    func rank(of word: some Collection<Unicode.Scalar>) -> Int? {
        let count = word.count
        for index in 0..<self.count where starts[index + 1] - starts[index] == count {
            if scalars[starts[index]..<starts[index + 1]].elementsEqual(word) { return ranks[index] }
        }
        return nil
    }

    /// Whether some input starts with `prefix`.
    func hasPrefix(_ prefix: some Collection<Unicode.Scalar>) -> Bool {
        let count = prefix.count
        for index in 0..<self.count where starts[index + 1] - starts[index] >= count {
            if scalars[starts[index]..<starts[index + 1]].starts(with: prefix) { return true }
        }
        return false
    }
}

/// Sorts matches by (start, end), keeping the order of equal positions (Python's `sorted` is stable).
func stableSortedByPosition(_ matches: [StrengthMatch]) -> [StrengthMatch] {
    matches.enumerated().sorted {
        ($0.element.start, $0.element.end, $0.offset) < ($1.element.start, $1.element.end, $1.offset)
    }.map(\.element)
}
