/// zxcvbn's date matcher: 4–8 digits without separator, or 6–10 scalars `d{1,4} sep d{1,2} sep d{1,4}` with one
/// separator (white space, `/`, `\`, `_`, `.`, `-`) used twice, read as day, month and year; a date inside
/// another is dropped.
enum DateMatcher {
    static let maximumYear = 2050
    static let minimumYear = 1000
    static let referenceYear = 2017

    /// zxcvbn's splits of an undelimited digit run of each length (4 to 8, by index) into three numbers.
    private static let splits: [[(Int, Int)]] = [
        [], [], [], [], [(1, 2), (2, 3)], [(1, 3), (2, 3)], [(1, 2), (2, 4), (4, 5)],
        [(1, 3), (2, 3), (4, 5), (4, 6)], [(2, 4), (4, 6)],
    ]

    private static let separators = Set("/\\_.-".unicodeScalars)

    /// Appends the dates of `password` to `result`.
    static func matches(_ password: [Unicode.Scalar], into result: inout [StrengthMatch]) {
        let n = password.count
        // A date has three digits at least: most passwords are done before anything is allocated.
        var digits = 0
        for scalar in password where ScalarText.isDigit(scalar) { digits += 1 }
        if digits < 3 { return }
        var found: [StrengthMatch] = []
        // digitRun[i]: how many decimal digits follow from i (0 past the end); a password without four digits in a
        // row and without two has no date (a separated one needs two runs of a digit or more around a separator).
        var digitRun = [Int](repeating: 0, count: n + 1)
        var longestRun = 0
        for i in stride(from: n - 1, through: 0, by: -1) where ScalarText.isDigit(password[i]) {
            digitRun[i] = digitRun[i + 1] + 1
            longestRun = max(longestRun, digitRun[i])
        }
        if n >= 4 && longestRun >= 4 {
            for i in 0..<(n - 3) where digitRun[i] >= 4 {
                for j in (i + 3)..<(i + 8) {
                    if j >= n || j - i + 1 > digitRun[i] { break }
                    let token = password[i...j]
                    var best: (year: Int, month: Int, day: Int)?
                    for (k, l) in splits[token.count] {
                        let first = ScalarText.integer(token.prefix(k))
                        let second = ScalarText.integer(token.dropFirst(k).prefix(l - k))
                        let third = ScalarText.integer(token.dropFirst(l))
                        guard let date = dayMonthYear(first, second, third) else { continue }
                        if let current = best,
                            abs(date.year - referenceYear) >= abs(current.year - referenceYear)
                        {
                            continue
                        }
                        best = date
                    }
                    guard let best else { continue }
                    found.append(
                        StrengthMatch(
                            start: i, end: j, token: ScalarText.string(token),
                            pattern: .date(year: best.year, month: best.month, day: best.day, separator: "")))
                }
            }
        }
        if n >= 6 {
            for i in 0..<(n - 5) where (1...4).contains(digitRun[i]) {
                for j in (i + 5)..<(i + 10) {
                    if j >= n { break }
                    guard digitRun[j] >= 1 else { continue }
                    let token = password[i...j]
                    guard let parts = separated(token),
                        let date = dayMonthYear(parts.first, parts.second, parts.third)
                    else { continue }
                    found.append(
                        StrengthMatch(
                            start: i, end: j, token: ScalarText.string(token),
                            pattern: .date(
                                year: date.year, month: date.month, day: date.day,
                                separator: ScalarText.string([parts.separator]))))
                }
            }
        }
        if found.count < 2 {
            result.append(contentsOf: found)
            return
        }
        for (index, match) in found.enumerated() {
            var inside = false
            for (other, candidate) in found.enumerated()
            where other != index && candidate.start <= match.start && candidate.end >= match.end {
                inside = true
                break
            }
            if !inside { result.append(match) }
        }
    }

    /// `^(\d{1,4})([\s/\\_.-])(\d{1,2})\2(\d{1,4})$`: the three numbers and the separator, or nil.
    private static func separated(_ token: ArraySlice<Unicode.Scalar>) -> (
        first: Int, separator: Unicode.Scalar, second: Int, third: Int
    )? {
        let base = token.startIndex
        let count = token.count
        func digits(from start: Int) -> Int {
            var end = start
            while end < count && ScalarText.isDigit(token[base + end]) { end += 1 }
            return end - start
        }
        let firstLength = digits(from: 0)
        guard (1...4).contains(firstLength), firstLength < count else { return nil }
        let separator = token[base + firstLength]
        guard separators.contains(separator) || ScalarText.isSpace(separator) else { return nil }
        let secondStart = firstLength + 1
        let secondLength = digits(from: secondStart)
        guard (1...2).contains(secondLength), secondStart + secondLength < count,
            token[base + secondStart + secondLength] == separator
        else { return nil }
        let thirdStart = secondStart + secondLength + 1
        let thirdLength = digits(from: thirdStart)
        guard (1...4).contains(thirdLength), thirdStart + thirdLength == count else { return nil }
        return (
            ScalarText.integer(token[base..<(base + firstLength)]), separator,
            ScalarText.integer(token[(base + secondStart)..<(base + secondStart + secondLength)]),
            ScalarText.integer(token[(base + thirdStart)...])
        )
    }

    /// zxcvbn's `map_ints_to_dmy`. Written without array literals: each was a heap allocation, and this runs for
    /// every split of every digit run.
    static func dayMonthYear(_ a: Int, _ b: Int, _ c: Int) -> (year: Int, month: Int, day: Int)? {
        if b > 31 || b <= 0 { return nil }
        var over12 = 0
        var over31 = 0
        var under1 = 0
        func counts(_ value: Int) -> Bool {
            if (99 < value && value < minimumYear) || value > maximumYear { return false }
            if value > 31 { over31 += 1 }
            if value > 12 { over12 += 1 }
            if value <= 0 { under1 += 1 }
            return true
        }
        guard counts(a), counts(b), counts(c) else { return nil }
        if over31 >= 2 || over12 == 3 || under1 >= 2 { return nil }
        // A four-digit year last, then first; else a two-digit one, last then first.
        let years = minimumYear...maximumYear
        if years.contains(c) { return dayMonth(a, b).map { (c, $0.month, $0.day) } }
        if years.contains(a) { return dayMonth(b, c).map { (a, $0.month, $0.day) } }
        if let dm = dayMonth(a, b) { return (fourDigitYear(c), dm.month, dm.day) }
        if let dm = dayMonth(b, c) { return (fourDigitYear(a), dm.month, dm.day) }
        return nil
    }

    private static func dayMonth(_ first: Int, _ second: Int) -> (day: Int, month: Int)? {
        if (1...31).contains(first) && (1...12).contains(second) { return (first, second) }
        if (1...31).contains(second) && (1...12).contains(first) { return (second, first) }
        return nil
    }

    private static func fourDigitYear(_ year: Int) -> Int {
        if year > 99 { return year }
        return year > 50 ? year + 1900 : year + 2000
    }
}
