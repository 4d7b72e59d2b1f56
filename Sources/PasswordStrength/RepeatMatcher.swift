/// zxcvbn's repeat matcher: left to right, the regex searches `(.+)\1+` (greedy) and `(.+?)\1+` (lazy) from the
/// last match's end, keeping the longer; the repeated unit is the shortest period of the match, whose own
/// guesses come from a full estimate of it (same lists, same user inputs). `.` excludes a line feed, as in
/// Python. The searches run directly on the scalars, without backtracking machinery.
enum RepeatMatcher {
    static func matches(_ password: [Unicode.Scalar], estimator: StrengthEstimator.Analysis) -> [StrengthMatch] {
        var result: [StrengthMatch] = []
        let n = password.count
        var lastIndex = 0
        while lastIndex < n {
            guard let greedy = search(password, from: lastIndex, greedy: true),
                let lazy = search(password, from: lastIndex, greedy: false)
            else { break }
            let chosen: (start: Int, unit: Int, length: Int)
            let base: ArraySlice<Unicode.Scalar>
            if greedy.length > lazy.length {
                chosen = greedy
                let whole = password[greedy.start..<(greedy.start + greedy.length)]
                base = whole.prefix(shortestPeriod(whole))
            } else {
                chosen = lazy
                base = password[lazy.start..<(lazy.start + lazy.unit)]
            }
            let i = chosen.start
            let j = chosen.start + chosen.length - 1
            let baseScalars = Array(base)
            let analysis = estimator.minimumGuesses(baseScalars)
            result.append(
                StrengthMatch(
                    start: i, end: j, token: ScalarText.string(password[i...j]),
                    pattern: .repeat(
                        baseToken: ScalarText.string(baseScalars), baseGuesses: analysis.guesses,
                        repeatCount: Double(chosen.length) / Double(baseScalars.count),
                        baseMatches: analysis.sequence)))
            lastIndex = j + 1
        }
        return result
    }

    /// The leftmost match of `(.+)\1+` (or `(.+?)\1+`) at or after `from`: its start, the group's length and the
    /// whole match's length.
    static func search(_ s: [Unicode.Scalar], from: Int, greedy: Bool) -> (start: Int, unit: Int, length: Int)? {
        let n = s.count
        var start = from
        while start < n {
            // `.` stops at a line feed: the group cannot span one.
            var limit = start
            while limit < n && s[limit] != "\n" { limit += 1 }
            let longest = min(limit - start, (n - start) / 2)
            if longest >= 1 {
                let units: StrideThrough<Int> =
                    greedy ? stride(from: longest, through: 1, by: -1) : stride(from: 1, through: longest, by: 1)
                for unit in units where copies(s, start: start, unit: unit) >= 1 {
                    return (start, unit, unit * (1 + copies(s, start: start, unit: unit)))
                }
            }
            start += 1
        }
        return nil
    }

    /// How many copies of `s[start..<start+unit]` follow it back to back.
    private static func copies(_ s: [Unicode.Scalar], start: Int, unit: Int) -> Int {
        s.withUnsafeBufferPointer { s in
            var count = 0
            var next = start + unit
            copying: while next + unit <= s.count {
                // The first scalar first: most units fail there.
                for offset in 0..<unit where s[start + offset] != s[next + offset] { break copying }
                count += 1
                next += unit
            }
            return count
        }
    }

    /// `^(.+?)\1+$`: the shortest unit that tiles the whole token at least twice.
    private static func shortestPeriod(_ token: ArraySlice<Unicode.Scalar>) -> Int {
        let whole = Array(token)
        for unit in 1...(whole.count / 2) where whole.count % unit == 0 {
            if copies(whole, start: 0, unit: unit) == whole.count / unit - 1 { return unit }
        }
        return whole.count
    }
}
