/// zxcvbn's strength estimate (Wheeler, "zxcvbn: Low-Budget Password Strength Estimation", USENIX Security
/// 2016), as its Python port 4.5.0 computes it: every matcher's candidate matches, the cheapest decomposition,
/// the score and the feedback. The password is scored as typed (no normalisation), scalar by scalar.
///
/// Bounded cost: the Python port refuses passwords over 72 scalars. Here the first `analyzedLength` scalars
/// get the full model and each scalar past them counts as a bruteforce scalar (10 guesses, `log10` + 1), so a
/// password of any length costs at most one analysis of `analyzedLength` scalars plus a linear pass.
public struct StrengthEstimator: Sendable {
    /// Scalars analysed by the full model; longer passwords are estimated on this prefix, the rest bruteforce.
    public static let analyzedLength = 128

    private let table: RankedWordTable

    /// An estimator over zxcvbn 4.5.0's embedded lists and keyboard graphs (built once per process).
    public init() {
        table = RankedWordTable.embedded
    }

    /// The estimate for `password` with the user's own inputs (username, e-mail, name, …), which rank as a list
    /// of their own (first input rank 1), lower-cased as zxcvbn does.
    public func estimate(_ password: String, userInputs: [String] = []) -> StrengthEstimate {
        let scalars = Array(password.unicodeScalars)
        let analysis = Analysis(table: table, userInputs: UserInputDictionary(userInputs))
        let analysed = scalars.count <= Self.analyzedLength ? scalars : Array(scalars.prefix(Self.analyzedLength))
        var (guesses, sequence) = analysis.minimumGuesses(analysed)
        var log10Guesses = log10Value(guesses)
        if scalars.count > analysed.count {
            let tail = scalars.count - analysed.count
            log10Guesses += Double(tail)
            guesses = min(guesses * GuessEstimation.pow10(tail), .greatestFiniteMagnitude)
            var rest = StrengthMatch(
                start: analysed.count, end: scalars.count - 1, token: ScalarText.string(scalars[analysed.count...]),
                pattern: .bruteforce)
            rest.guesses = GuessEstimation.pow10(tail)
            sequence.append(rest)
        }
        let score = StrengthEstimate.score(forGuesses: guesses)
        return StrengthEstimate(
            guesses: guesses, guessesLog10: log10Guesses, score: score, sequence: sequence,
            feedback: StrengthFeedback(score: score, sequence: sequence))
    }

    /// `estimate(password, userInputs:)`'s score and `log10` guesses alone, without the decomposition's matches or
    /// the feedback (what an import stores of each candidate).
    package func score(_ password: String, userInputs: [String] = []) -> (score: Int, guessesLog10: Double) {
        score(scalars: Array(password.unicodeScalars), userInputs: userInputs)
    }

    /// `score` of the password whose UTF-8 is `utf8` (decoded as `String(decoding:as:)` decodes it).
    package func score(utf8: UnsafeRawBufferPointer, userInputs: [String] = []) -> (score: Int, guessesLog10: Double) {
        if utf8.allSatisfy({ $0 < 0x80 }) {
            return score(scalars: utf8.map { Unicode.Scalar($0) }, userInputs: userInputs)
        }
        return score(scalars: Array(String(decoding: utf8, as: UTF8.self).unicodeScalars), userInputs: userInputs)
    }

    private func score(scalars: [Unicode.Scalar], userInputs: [String]) -> (score: Int, guessesLog10: Double) {
        let analysis = Analysis(table: table, userInputs: UserInputDictionary(userInputs), detailed: false)
        let analysed = scalars.count <= Self.analyzedLength ? scalars : Array(scalars.prefix(Self.analyzedLength))
        var guesses = analysis.minimumGuessesOnly(analysed)
        var log10Guesses = log10Value(guesses)
        if scalars.count > Self.analyzedLength {
            let tail = scalars.count - Self.analyzedLength
            log10Guesses += Double(tail)
            guesses = min(guesses * GuessEstimation.pow10(tail), .greatestFiniteMagnitude)
        }
        return (StrengthEstimate.score(forGuesses: guesses), log10Guesses)
    }

    /// Every candidate match zxcvbn's matchers find in `password`, in its order (by start, end, then matcher).
    public func matches(_ password: String, userInputs: [String] = []) -> [StrengthMatch] {
        Analysis(table: table, userInputs: UserInputDictionary(userInputs)).omnimatch(Array(password.unicodeScalars))
    }

    /// One estimate's matchers and search, over one set of user inputs.
    struct Analysis {
        let table: RankedWordTable
        let userInputs: UserInputDictionary
        /// Whether the matches' details are wanted beyond their guesses: a repeat's own decomposition (`baseMatches`)
        /// is built only then (a score needs its guesses alone).
        var detailed = true

        /// zxcvbn's `omnimatch`: each matcher's matches in its order, then sorted by (start, end), stably.
        func omnimatch(_ password: [Unicode.Scalar]) -> [StrengthMatch] {
            let found = candidateMatches(password)
            return stableSortedByPosition(found.matches.indices.map { found.strengthMatch($0, withGuesses: false) })
        }

        /// Every matcher's matches, concatenated in zxcvbn's matcher order, not sorted (the search orders them).
        func candidateMatches(_ password: [Unicode.Scalar]) -> CandidateMatches {
            let dictionary = DictionaryMatcher(table: table, userInputs: userInputs)
            var found = CandidateMatches(password: password, names: table.allNames)
            dictionary.scan(into: &found, reversed: false)
            dictionary.scan(into: &found, reversed: true)
            dictionary.scanL33t(into: &found)
            found.appendOthers { others in
                SpatialMatcher.matches(password, into: &others)
                RepeatMatcher.matches(password, estimator: self, into: &others)
                SequenceMatcher.matches(password, into: &others)
                RecentYearMatcher.matches(password, into: &others)
                DateMatcher.matches(password, into: &others)
            }
            return found
        }

        /// The cheapest decomposition of `password` and its guesses.
        func minimumGuesses(_ password: [Unicode.Scalar]) -> (guesses: Double, sequence: [StrengthMatch]) {
            let found = candidateMatches(password)
            let (guesses, steps) = MinimumGuessesSearch.search(password.count, matches: found.matches)
            return (
                guesses,
                steps.map { step in
                    if let index = step.match { return found.strengthMatch(index, withGuesses: true) }
                    var match = StrengthMatch(
                        start: step.start, end: step.end, token: ScalarText.string(password[step.start...step.end]),
                        pattern: .bruteforce)
                    match.guesses = step.guesses
                    return match
                }
            )
        }

        /// The guesses of the cheapest decomposition of `password`, without building its matches.
        func minimumGuessesOnly(_ password: [Unicode.Scalar]) -> Double {
            MinimumGuessesSearch.search(password.count, matches: candidateMatches(password).matches, unwinding: false)
                .guesses
        }
    }
}
