/// zxcvbn's search for the cheapest decomposition: over the password's prefixes, for each length l of a
/// sequence of non-overlapping matches covering the prefix, the sequence minimising
/// `l! · Π guesses + 10000^(l−1)`, gaps filled by bruteforce matches (never two adjacent). Kept in zxcvbn's
/// order of updates so that ties resolve as they do there (the first best stays).
struct MinimumGuessesSearch {
    static let minimumGuessesBeforeGrowingSequence = 10000.0

    /// One candidate state: the best length-`l` sequence ending at some position, its last match by index
    /// (`bruteforce` for a bruteforce match from `start`, built only when the sequence is unwound).
    private struct Entry {
        var length: Int
        var guesses: Double
        var product: Double
        var start: Int
        var match: Int
    }

    private static let bruteforce = -1

    /// The cheapest decomposition of `password` given `matches` (guesses estimated here), and its guesses.
    static func search(_ password: [Unicode.Scalar], matches: [StrengthMatch]) -> (
        guesses: Double, sequence: [StrengthMatch]
    ) {
        let n = password.count
        if n == 0 { return (1, []) }
        var guesses = [Double](repeating: 0, count: matches.count)
        var byEnd = [[Int]](repeating: [], count: n)
        for (index, match) in matches.enumerated() {
            guesses[index] = GuessEstimation.guesses(match, passwordLength: n)
            byEnd[match.end].append(index)
        }
        for k in byEnd.indices where byEnd[k].count > 1 {
            let ordered = zip(byEnd[k], byEnd[k].dropFirst()).allSatisfy { matches[$0].start <= matches[$1].start }
            if !ordered {
                byEnd[k] = byEnd[k].enumerated().sorted {
                    (matches[$0.element].start, $0.offset) < (matches[$1.element].start, $1.offset)
                }.map(\.element)
            }
        }
        // The guesses of a bruteforce match by its length (zxcvbn's formula and floors, which depend on it alone).
        var bruteforceGuesses = [Double](repeating: 0, count: n + 1)
        for length in 1...n {
            let floor =
                length == 1
                ? GuessEstimation.minimumSubmatchGuessesSingleScalar + 1
                : GuessEstimation.minimumSubmatchGuessesMultipleScalars + 1
            bruteforceGuesses[length] = max(GuessEstimation.pow10(length), floor)
        }
        // optimal[k]: entries in insertion order (Python dicts keep it; an update in place keeps its position).
        var optimal = [[Entry]](repeating: [], count: n)
        // extensible[k]: whether optimal[k] holds an entry whose last match is not bruteforce.
        var extensible = [Bool](repeating: false, count: n)
        var factorials: [Double] = [1]
        var powers: [Double] = [1]
        for l in 1...(n + 1) {
            factorials.append(factorials[l - 1] * Double(l))
            powers.append(powers[l - 1] * minimumGuessesBeforeGrowingSequence)
        }

        func update(start: Int, end k: Int, match: Int, guesses matchGuesses: Double, _ l: Int) {
            var product = matchGuesses
            if l > 1 {
                for previous in optimal[start - 1] where previous.length == l - 1 {
                    product *= previous.product
                    break
                }
            }
            let g = factorials[l] * product + powers[l - 1]
            for competing in optimal[k] where competing.length <= l && competing.guesses <= g { return }
            let entry = Entry(length: l, guesses: g, product: product, start: start, match: match)
            if let index = optimal[k].firstIndex(where: { $0.length == l }) {
                optimal[k][index] = entry
            } else {
                optimal[k].append(entry)
            }
            if match != bruteforce { extensible[k] = true }
        }

        var lengths: [Int] = []
        for k in 0..<n {
            for index in byEnd[k] {
                let start = matches[index].start
                if start > 0 {
                    lengths.removeAll(keepingCapacity: true)
                    for entry in optimal[start - 1] { lengths.append(entry.length) }
                    for l in lengths { update(start: start, end: k, match: index, guesses: guesses[index], l + 1) }
                } else {
                    update(start: 0, end: k, match: index, guesses: guesses[index], 1)
                }
            }
            update(start: 0, end: k, match: bruteforce, guesses: bruteforceGuesses[k + 1], 1)
            if k >= 1 {
                // Only where it extends something: most (i, k) pairs have only bruteforce behind them.
                for i in 1...k where extensible[i - 1] {
                    lengths.removeAll(keepingCapacity: true)
                    for entry in optimal[i - 1] where entry.match != bruteforce { lengths.append(entry.length) }
                    for l in lengths {
                        update(start: i, end: k, match: bruteforce, guesses: bruteforceGuesses[k - i + 1], l + 1)
                    }
                }
            }
        }

        // Unwind from the end: the first length with the fewest guesses.
        var best = optimal[n - 1][0]
        for entry in optimal[n - 1].dropFirst() where entry.guesses < best.guesses { best = entry }
        var sequence: [StrengthMatch] = []
        var k = n - 1
        var l = best.length
        while k >= 0, let entry = optimal[k].first(where: { $0.length == l }) {
            if entry.match == bruteforce {
                var match = StrengthMatch(
                    start: entry.start, end: k, token: ScalarText.string(password[entry.start...k]),
                    pattern: .bruteforce)
                match.guesses = bruteforceGuesses[k - entry.start + 1]
                sequence.append(match)
            } else {
                var match = matches[entry.match]
                match.guesses = guesses[entry.match]
                sequence.append(match)
            }
            k = entry.start - 1
            l -= 1
        }
        sequence.reverse()
        return (best.guesses, sequence)
    }
}
