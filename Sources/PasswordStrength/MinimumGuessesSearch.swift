/// zxcvbn's search for the cheapest decomposition: over the password's prefixes, for each length l of a
/// sequence of non-overlapping matches covering the prefix, the sequence minimising
/// `l! · Π guesses + 10000^(l−1)`, gaps filled by bruteforce matches (never two adjacent). Kept in zxcvbn's
/// order of updates so that ties resolve as they do there (the first best stays).
struct MinimumGuessesSearch {
    static let minimumGuessesBeforeGrowingSequence = 10000.0

    /// One candidate state: the best length-`l` sequence ending at some position.
    private struct Entry {
        var length: Int
        var guesses: Double
        var product: Double
        var match: StrengthMatch
    }

    /// The cheapest decomposition of `password` given `matches` (guesses estimated here), and its guesses.
    static func search(_ password: [Unicode.Scalar], matches: [StrengthMatch]) -> (
        guesses: Double, sequence: [StrengthMatch]
    ) {
        let n = password.count
        if n == 0 { return (1, []) }
        var byEnd = [[StrengthMatch]](repeating: [], count: n)
        for var match in matches {
            match.guesses = GuessEstimation.guesses(match, passwordLength: n)
            byEnd[match.end].append(match)
        }
        for k in byEnd.indices where byEnd[k].count > 1 {
            byEnd[k] = byEnd[k].enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
                .map(\.element)
        }
        // optimal[k]: entries in insertion order (Python dicts keep it; an update in place keeps its position).
        var optimal = [[Entry]](repeating: [], count: n)
        var factorials: [Double] = [1]

        func factorial(_ l: Int) -> Double {
            while factorials.count <= l {
                factorials.append(factorials[factorials.count - 1] * Double(factorials.count))
            }
            return factorials[l]
        }

        func update(_ match: StrengthMatch, _ l: Int) {
            let k = match.end
            var product = match.guesses
            if l > 1, let previous = optimal[match.start - 1].first(where: { $0.length == l - 1 }) {
                product *= previous.product
            }
            var g = factorial(l) * product
            g += pow10000(l - 1)
            for competing in optimal[k] where competing.length <= l && competing.guesses <= g { return }
            let entry = Entry(length: l, guesses: g, product: product, match: match)
            if let index = optimal[k].firstIndex(where: { $0.length == l }) {
                optimal[k][index] = entry
            } else {
                optimal[k].append(entry)
            }
        }

        func bruteforce(_ i: Int, _ j: Int) -> StrengthMatch {
            var match = StrengthMatch(
                start: i, end: j, token: ScalarText.string(password[i...j]), pattern: .bruteforce)
            match.guesses = GuessEstimation.guesses(match, passwordLength: n)
            return match
        }

        for k in 0..<n {
            for match in byEnd[k] {
                if match.start > 0 {
                    for l in optimal[match.start - 1].map(\.length) { update(match, l + 1) }
                } else {
                    update(match, 1)
                }
            }
            update(bruteforce(0, k), 1)
            if k >= 1 {
                for i in 1...k where optimal[i - 1].contains(where: { $0.match.pattern != .bruteforce }) {
                    // Built only where it extends something: most (i, k) pairs have only bruteforce behind them.
                    let match = bruteforce(i, k)
                    for entry in optimal[i - 1] where entry.match.pattern != .bruteforce {
                        update(match, entry.length + 1)
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
            sequence.insert(entry.match, at: 0)
            k = entry.match.start - 1
            l -= 1
        }
        return (best.guesses, sequence)
    }

    private static func pow10000(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent { result *= minimumGuessesBeforeGrowingSequence }
        return result
    }
}
