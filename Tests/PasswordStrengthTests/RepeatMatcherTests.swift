import Testing

@testable import PasswordStrength

/// The repeat matcher's one pass finds what zxcvbn's two regex searches find: for `(.+)\1+` (greedy) and
/// `(.+?)\1+` (lazy) from each position, the leftmost start, the group and the whole match.
@Suite struct RepeatMatcherTests {
    /// The regex search written out as the regex engine runs it: from each start, left to right, each group length
    /// in the regex's order (longest first when greedy) until one is followed by a copy; `.` stops at a line feed.
    static func regexSearch(_ s: [Unicode.Scalar], from: Int, greedy: Bool) -> (start: Int, unit: Int, length: Int)? {
        func copies(_ start: Int, _ unit: Int) -> Int {
            var count = 0
            var next = start + unit
            while next + unit <= s.count, Array(s[start..<(start + unit)]) == Array(s[next..<(next + unit)]) {
                count += 1
                next += unit
            }
            return count
        }
        for start in from..<s.count {
            let limit = s[start...].firstIndex(of: "\n") ?? s.count
            let longest = min(limit - start, (s.count - start) / 2)
            guard longest >= 1 else { continue }
            let units = greedy ? Array((1...longest).reversed()) : Array(1...longest)
            for unit in units where copies(start, unit) >= 1 {
                return (start, unit, unit * (1 + copies(start, unit)))
            }
        }
        return nil
    }

    /// Every string of up to 8 scalars over a, b and a line feed (so that repeats, and groups a line feed cuts, are
    /// common), and a few longer ones.
    static let passwords: [[Unicode.Scalar]] = {
        let alphabet: [Unicode.Scalar] = ["a", "b", "\n"]
        var result: [[Unicode.Scalar]] = [[]]
        var previous: [[Unicode.Scalar]] = [[]]
        for _ in 1...8 {
            previous = previous.flatMap { prefix in alphabet.map { prefix + [$0] } }
            result += previous
        }
        let longer = ["abcabcabcx", "aabaabaab", "xyzxyzaaaaaa", "1231231231234", "qwerqwer\nqwer"]
        return result + longer.map { Array($0.unicodeScalars) }
    }()

    @Test func onePassFindsBothRegexSearchesMatches() {
        var found = 0
        for password in Self.passwords {
            for from in 0...password.count {
                let greedy = Self.regexSearch(password, from: from, greedy: true)
                let lazy = Self.regexSearch(password, from: from, greedy: false)
                guard let result = RepeatMatcher.search(password, from: from) else {
                    #expect(greedy == nil && lazy == nil, "\(password) from \(from)")
                    continue
                }
                found += 1
                #expect(result.start == greedy?.start && result.start == lazy?.start, "\(password) from \(from)")
                #expect(result.longest == greedy?.unit && result.shortest == lazy?.unit, "\(password) from \(from)")
            }
        }
        #expect(found > 1_000)
    }
}
