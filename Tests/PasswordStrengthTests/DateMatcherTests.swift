import Testing

@testable import PasswordStrength

/// The date matcher reads three numbers as zxcvbn's `map_ints_to_dmy` does.
@Suite struct DateMatcherTests {
    /// `map_ints_to_dmy` and `map_ints_to_dm` as zxcvbn 4.5.0 writes them, lists and loops included.
    static func zxcvbnDayMonthYear(_ ints: [Int]) -> (year: Int, month: Int, day: Int)? {
        func dayMonth(_ pair: [Int]) -> (day: Int, month: Int)? {
            for (d, m) in [(pair[0], pair[1]), (pair[1], pair[0])] where 1 <= d && d <= 31 && 1 <= m && m <= 12 {
                return (d, m)
            }
            return nil
        }
        if ints[1] > 31 || ints[1] <= 0 { return nil }
        var (over12, over31, under1) = (0, 0, 0)
        for int in ints {
            if (99 < int && int < 1000) || int > 2050 { return nil }
            if int > 31 { over31 += 1 }
            if int > 12 { over12 += 1 }
            if int <= 0 { under1 += 1 }
        }
        if over31 >= 2 || over12 == 3 || under1 >= 2 { return nil }
        let splits = [(ints[2], Array(ints[0..<2])), (ints[0], Array(ints[1..<3]))]
        for (y, rest) in splits where 1000 <= y && y <= 2050 {
            guard let dm = dayMonth(rest) else { return nil }
            return (y, dm.month, dm.day)
        }
        for (y, rest) in splits {
            guard let dm = dayMonth(rest) else { continue }
            return (y > 99 ? y : y > 50 ? y + 1900 : y + 2000, dm.month, dm.day)
        }
        return nil
    }

    @Test func dayMonthYearIsZxcvbns() {
        // Around every bound the function tests: 0, 1, 12, 13, 31, 32, 50, 51, 99, 100, 999, 1000, 2050, 2051.
        let values = Array(-1...130) + Array(995...1005) + Array(2045...2055)
        var dates = 0
        for a in values {
            for b in -1...33 {
                for c in values {
                    let expected = Self.zxcvbnDayMonthYear([a, b, c])
                    let date = DateMatcher.dayMonthYear(a, b, c)
                    #expect(
                        date?.year == expected?.year && date?.month == expected?.month && date?.day == expected?.day,
                        "\(a) \(b) \(c)")
                    if date != nil { dates += 1 }
                }
            }
        }
        #expect(dates > 10_000)
    }
}
