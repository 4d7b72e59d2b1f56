/// Every matcher's candidate matches of one password as the search needs them: span and guesses, no strings. A
/// `StrengthMatch` (token, word, list name, substitutions) is built only for the matches the search keeps, or for
/// `StrengthEstimator.matches`. Dictionary matches, most of any password's, are plain values; the few matches of the
/// other matchers are kept as built, by index.
struct CandidateMatches {
    /// One candidate match: its scalars `start...end`, its guesses within the password (formula and submatch floor,
    /// as `GuessEstimation.guesses`), and what rebuilds it.
    struct Match {
        var start: Int
        var end: Int
        var guesses: Double
        var source: Source
    }

    enum Source {
        /// A word of list `list` (`names.count`: the user inputs) at `rank`; `reversed`: found in the reversed
        /// password (the word is then read from `lowerReversed`).
        case word(list: Int32, rank: Int32, reversed: Bool)
        /// A word read with l33t substitutions: set `set` of the plan, the word at `readings[reading...]`.
        case l33t(list: Int32, rank: Int32, set: Int32, reading: Int32)
        /// `others[index]`, guesses not yet set.
        case other(Int32)
    }

    /// The password the matches are in.
    let password: [Unicode.Scalar]
    /// Its lower-case form (zxcvbn's `password.lower()`).
    let lower: [Unicode.Scalar]
    /// The lower-case form of the reversed password when it is not `lower` reversed (a scalar whose lower-case form is
    /// longer than one), else nil: `withLowerReversed` reverses `lower` on the stack instead of on the heap.
    let lowerReversedApart: [Unicode.Scalar]?
    /// The list names, in `Source.word`'s numbering (user inputs last).
    let names: [String]
    var matches: [Match] = []
    var others: [StrengthMatch] = []
    /// The l33t matches' words, back to back (each as long as its token).
    var readings: [Unicode.Scalar] = []
    /// The l33t plan the `l33t` sources' sets index.
    var plan: L33tPlan?

    init(password: [Unicode.Scalar], names: [String]) {
        self.password = password
        let lower = ScalarText.lowered(password)
        self.lower = lower
        // Lower-casing maps scalar by scalar: when no scalar's mapping is longer than one, the reversed password's
        // lower-case form is this one reversed.
        lowerReversedApart = lower.count == password.count ? nil : ScalarText.lowered(password.reversed())
        self.names = names
        matches.reserveCapacity(4 * password.count + 8)
    }

    /// Calls `body` with the lower-case form of the reversed password (zxcvbn's `password[::-1].lower()`), given
    /// `lower` and `lowerReversedApart` (not `self`: the dictionary scan appends to `self` meanwhile).
    static func withLowerReversed<R>(
        _ lower: [Unicode.Scalar], apart: [Unicode.Scalar]?, _ body: (UnsafeBufferPointer<Unicode.Scalar>) -> R
    ) -> R {
        if let apart { return apart.withUnsafeBufferPointer(body) }
        return withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: lower.count) { buffer in
            _ = buffer.initialize(fromContentsOf: lower.reversed())
            return body(UnsafeBufferPointer(buffer))
        }
    }

    /// Appends the matches of another matcher, their guesses estimated here (`others` grows once a call, not once a
    /// match).
    mutating func append(others matches: [StrengthMatch]) {
        guard !matches.isEmpty else { return }
        appendOthers { $0.append(contentsOf: matches) }
    }

    /// Appends the matches `find` appends to `others` (the matchers write there directly, in their order: no array
    /// of their own per matcher and estimate), their guesses estimated here.
    mutating func appendOthers(_ find: (inout [StrengthMatch]) -> Void) {
        let first = others.count
        // Most passwords have a few such matches (a two-scalar sequence, a date, a year): room for them at once.
        if others.capacity == 0 { others.reserveCapacity(8) }
        find(&others)
        for index in first..<others.count {
            let match = others[index]
            matches.append(
                Match(
                    start: match.start, end: match.end, guesses: GuessEstimation.guesses(match, password: password),
                    source: .other(Int32(index))))
        }
    }

    /// The match at `index` as a `StrengthMatch`, guesses left 0 (`matches`' form) or set (`withGuesses`).
    func strengthMatch(_ index: Int, withGuesses: Bool) -> StrengthMatch {
        let match = matches[index]
        var result: StrengthMatch
        switch match.source {
        case .other(let other):
            result = others[Int(other)]
        case .word(let list, let rank, let reversed):
            let n = password.count
            let word =
                reversed
                ? Self.withLowerReversed(lower, apart: lowerReversedApart) {
                    ScalarText.string($0[(n - 1 - match.end)...(n - 1 - match.start)])
                }
                : ScalarText.string(lower[match.start...match.end])
            result = StrengthMatch(
                start: match.start, end: match.end, token: ScalarText.string(password[match.start...match.end]),
                pattern: .dictionary(
                    DictionaryMatch(
                        dictionaryName: names[Int(list)], matchedWord: word, rank: Int(rank), reversed: reversed,
                        substitutions: [])))
        case .l33t(let list, let rank, let set, let reading):
            let token = password[match.start...match.end]
            let word = readings[Int(reading)..<(Int(reading) + token.count)]
            result = StrengthMatch(
                start: match.start, end: match.end, token: ScalarText.string(token),
                pattern: .dictionary(
                    DictionaryMatch(
                        dictionaryName: names[Int(list)], matchedWord: ScalarText.string(word), rank: Int(rank),
                        reversed: false,
                        substitutions: plan!.substitutions[Int(set)].filter { token.contains($0.typed) })))
        }
        if withGuesses { result.guesses = match.guesses }
        return result
    }
}
