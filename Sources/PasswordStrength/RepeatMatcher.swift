/// zxcvbn's repeat matcher: left to right, the regex searches `(.+)\1+` (greedy) and `(.+?)\1+` (lazy) from the
/// last match's end, keeping the longer; the repeated unit is the shortest period of the match, whose own
/// guesses come from a full estimate of it (same lists, same user inputs). `.` excludes a line feed, as in
/// Python. The searches run directly on the scalars, without backtracking machinery.
enum RepeatMatcher {
    /// Appends the repeats of `password` to `result`.
    static func matches(
        _ password: [Unicode.Scalar], estimator: StrengthEstimator.Analysis, into result: inout [StrengthMatch]
    ) {
        let n = password.count
        var lastIndex = 0
        while lastIndex < n {
            guard let found = search(password, from: lastIndex) else { break }
            let greedyLength = found.longest * (1 + copies(password, start: found.start, unit: found.longest))
            let lazyLength = found.shortest * (1 + copies(password, start: found.start, unit: found.shortest))
            let length: Int
            let base: ArraySlice<Unicode.Scalar>
            if greedyLength > lazyLength {
                length = greedyLength
                let whole = password[found.start..<(found.start + greedyLength)]
                base = whole.prefix(shortestPeriod(whole))
            } else {
                length = lazyLength
                base = password[found.start..<(found.start + found.shortest)]
            }
            let i = found.start
            let j = found.start + length - 1
            let baseScalars = Array(base)
            let analysis =
                estimator.detailed
                ? estimator.minimumGuesses(baseScalars)
                : (guesses: estimator.minimumGuessesOnly(baseScalars), sequence: [])
            result.append(
                StrengthMatch(
                    start: i, end: j, token: ScalarText.string(password[i...j]),
                    pattern: .repeat(
                        baseToken: ScalarText.string(baseScalars), baseGuesses: analysis.guesses,
                        repeatCount: Double(length) / Double(baseScalars.count),
                        baseMatches: analysis.sequence)))
            lastIndex = j + 1
        }
    }

    /// The leftmost start at or after `from` where `(.+)\1+` matches, with the shortest and the longest group that
    /// match there. The lazy `(.+?)\1+` and the greedy `(.+)\1+` find the same leftmost start (the same groups
    /// qualify at a start, tried in opposite orders): the lazy one takes the shortest group, the greedy one the
    /// longest, each with as many copies as follow.
    static func search(_ s: [Unicode.Scalar], from: Int) -> (start: Int, shortest: Int, longest: Int)? {
        s.withUnsafeBufferPointer { s in
            let n = s.count
            var start = from
            // The first line feed at or after `start` (or `n`): `.` stops there, so the group cannot span it.
            var limit = from
            while start < n {
                if limit < start { limit = start }
                while limit < n && s[limit] != "\n" { limit += 1 }
                let longestUnit = min(limit - start, (n - start) / 2)
                var shortest = 0
                var longest = 0
                if longestUnit >= 1 {
                    // The first scalar first: most groups fail there.
                    for unit in 1...longestUnit
                    where s[start] == s[start + unit] && copies(s, start: start, unit: unit) >= 1 {
                        if shortest == 0 { shortest = unit }
                        longest = unit
                    }
                }
                if shortest > 0 { return (start, shortest, longest) }
                start += 1
            }
            return nil
        }
    }

    /// How many copies of `s[start..<start+unit]` follow it back to back.
    private static func copies(_ s: [Unicode.Scalar], start: Int, unit: Int) -> Int {
        s.withUnsafeBufferPointer { copies($0, start: start, unit: unit) }
    }

    @inline(__always)
    private static func copies(_ s: UnsafeBufferPointer<Unicode.Scalar>, start: Int, unit: Int) -> Int {
        var count = 0
        var next = start + unit
        copying: while next + unit <= s.count {
            for offset in 0..<unit where s[start + offset] != s[next + offset] { break copying }
            count += 1
            next += unit
        }
        return count
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
