/// zxcvbn's one regex, `recent_year` (`19\d\d|200\d|201\d`, `\d` any script's decimal digit), found left to
/// right without overlap.
enum RecentYearMatcher {
    /// Appends the recent years of `password` to `result`.
    static func matches(_ password: [Unicode.Scalar], into result: inout [StrengthMatch]) {
        let n = password.count
        var p = 0
        while p + 4 <= n {
            // The scalars read in place: a slice per position would retain the array's storage at each.
            let (a, b, c, d) = (password[p], password[p + 1], password[p + 2], password[p + 3])
            let matched =
                (a == "1" && b == "9" && ScalarText.isDigit(c) && ScalarText.isDigit(d))
                || (a == "2" && b == "0" && (c == "0" || c == "1") && ScalarText.isDigit(d))
            if matched {
                let window = password[p..<(p + 4)]
                result.append(
                    StrengthMatch(
                        start: p, end: p + 3, token: ScalarText.string(window),
                        pattern: .recentYear(year: ScalarText.integer(window))))
                p += 4
            } else {
                p += 1
            }
        }
    }
}
