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
        var result: [StrengthMatch] = []
        let n = password.count
        let lower = ScalarText.lowered(password)
        let userLongest = userInputs.maximumLength
        var bytes = [UInt8](repeating: 0, count: table.maximumWordLength)
        for i in 0..<n {
            var hash = RankedWordTable.seed
            var tableAlive = true
            let last = min(n - 1, i + max(table.maximumWordLength, userLongest) - 1)
            let required = firstRequired?[i] ?? i
            guard i <= last, required <= last else { continue }
            for j in i...last {
                let length = j - i + 1
                let reported = j >= required
                if tableAlive {
                    // The walk stops where no listed word starts with the substring (or at a non-ASCII scalar).
                    let scalar = lower[j]
                    if length <= table.maximumWordLength && scalar.isASCII {
                        bytes[length - 1] = UInt8(scalar.value)
                        hash = RankedWordTable.step(hash, UInt8(scalar.value))
                        let entry = table.probe(hash: hash, word: bytes[0..<length], entry: reported)
                        if entry == RankedWordTable.absent {
                            tableAlive = false
                        } else if entry >= 0 {
                            for list in table.names.indices {
                                let rank = table.rank(entry: entry, list: list)
                                if rank > 0 {
                                    result.append(
                                        match(password, lower, i, j, list: table.names[list], rank: rank))
                                }
                            }
                        }
                    } else {
                        tableAlive = false
                    }
                }
                if !tableAlive && length > userLongest { break }
                if reported, length <= userLongest, let rank = userInputs.rank(of: lower[i...j]) {
                    result.append(match(password, lower, i, j, list: "user_inputs", rank: rank))
                }
            }
        }
        return result
    }

    private func match(
        _ password: [Unicode.Scalar], _ lower: [Unicode.Scalar], _ i: Int, _ j: Int, list: String, rank: Int
    ) -> StrengthMatch {
        StrengthMatch(
            start: i, end: j, token: ScalarText.string(password[i...j]),
            pattern: .dictionary(
                DictionaryMatch(
                    dictionaryName: list, matchedWord: ScalarText.string(lower[i...j]), rank: rank, reversed: false,
                    substitutions: [])))
    }

    /// Matches of the reversed password, mapped back onto the password (tokens as typed, `reversed` set), in the
    /// reversed scan's order (`omnimatch` sorts all matches by position, stably).
    func reversedMatches(_ password: [Unicode.Scalar]) -> [StrengthMatch] {
        let n = password.count
        var result = matches(Array(password.reversed()))
        for index in result.indices {
            let (i, j) = (result[index].start, result[index].end)
            result[index].start = n - 1 - j
            result[index].end = n - 1 - i
            result[index].token = ScalarText.string(password[(n - 1 - j)...(n - 1 - i)])
            if case .dictionary(var detail) = result[index].pattern {
                detail.reversed = true
                result[index].pattern = .dictionary(detail)
            }
        }
        return result
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
        let substitutions = L33tTable.substitutions(relevantTo: password)
        guard let first = substitutions.first, !first.isEmpty else { return [] }
        let lower = ScalarText.lowered(password)
        guard lower.count == password.count else { return rescanningL33tMatches(password, substitutions) }
        let walk = L33tWalk(
            matcher: self, password: password, lower: lower, substitutions: substitutions)
        return walk.run()
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
    /// Each distinct lower-cased input with its rank (a handful: compared directly, no hashing).
    let entries: [(scalars: [Unicode.Scalar], rank: Int)]
    let maximumLength: Int

    init(_ inputs: [String]) {
        var entries: [(scalars: [Unicode.Scalar], rank: Int)] = []
        for (index, input) in inputs.enumerated() {
            let lowered = ScalarText.lowered(input.unicodeScalars)
            if let known = entries.firstIndex(where: { $0.scalars == lowered }) {
                entries[known].rank = index + 1
            } else {
                entries.append((lowered, index + 1))
            }
        }
        self.entries = entries
        maximumLength = entries.map(\.scalars.count).max() ?? 0
    }

    /// The rank of the input equal to `word`, or nil.
    func rank(of word: some Collection<Unicode.Scalar>) -> Int? {
        let count = word.count
        for entry in entries where entry.scalars.count == count && entry.scalars.elementsEqual(word) {
            return entry.rank
        }
        return nil
    }

    /// Whether some input starts with `prefix`.
    func hasPrefix(_ prefix: some Collection<Unicode.Scalar>) -> Bool {
        let count = prefix.count
        for entry in entries where entry.scalars.count >= count && entry.scalars.starts(with: prefix) { return true }
        return false
    }
}

/// Sorts matches by (start, end), keeping the order of equal positions (Python's `sorted` is stable).
func stableSortedByPosition(_ matches: [StrengthMatch]) -> [StrengthMatch] {
    matches.enumerated().sorted {
        ($0.element.start, $0.element.end, $0.offset) < ($1.element.start, $1.element.end, $1.offset)
    }.map(\.element)
}
