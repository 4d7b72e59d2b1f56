/// The UTC day of a candidate's `submitted_at`, parsed strictly from its bytes, as a day number.
///
/// Accepted, and nothing else:
/// - a date `YYYY-MM-DD` (that UTC day);
/// - a date-time `YYYY-MM-DDTHH:MM:SS` (`T`, `t` or one space between) with optional fractional seconds (`.` and
///   one or more digits) and a zone: `Z` (or `z`), `±HH:MM` or `±HHMM`. It is converted to UTC before its day is
///   taken, so `2026-01-05T23:30:00-05:00` is 2026-01-06.
///
/// Years 0001–9999; months, days (leap years included), hours 00–23, minutes 00–59, seconds 00–60 (a leap second)
/// and offsets up to ±23:59 must exist. Anything else — no zone, a bare hour offset `+05`, surrounding spaces,
/// `2026-02-30` — is invalid. Day numbers are `yyyymmdd` (20260106); `none` and `invalid` are two numbers no date
/// has, so per-day tallies count every candidate. Hand-written over bytes: no allocation, no formatter, cheap
/// enough for the import's per-row path.
package enum SubmissionDay {
    /// The day number of a candidate without a submission time (no column, or an empty field).
    package static let none = 0
    /// The day number of a candidate whose submission time is not a valid timestamp.
    package static let invalid = 1
    /// How `none` is written where a day is stored (`run_day_summary.day`).
    package static let noneText = "none"
    /// How `invalid` is written where a day is stored.
    package static let invalidText = "invalid"

    /// The day number of `text` (nil or empty: `none`).
    package static func number(_ text: String?) -> Int {
        guard var text, !text.isEmpty else { return none }
        return text.withUTF8 { number(UnsafeRawBufferPointer($0)) }
    }

    /// The day number of the UTF-8 bytes `field` (nil or empty: `none`).
    package static func number(_ field: UnsafeRawBufferPointer?) -> Int {
        guard let bytes = field, !bytes.isEmpty else { return none }
        return parse(bytes) ?? invalid
    }

    /// A day number as stored: `2026-01-06`, `none` or `invalid`.
    package static func text(_ number: Int) -> String {
        if number == none { return noneText }
        if number == invalid { return invalidText }
        let (year, month, day) = (number / 10000, number / 100 % 100, number % 100)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    /// Whether `text` is exactly a valid date `YYYY-MM-DD`.
    package static func isDate(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { $0.count == 10 && parse(UnsafeRawBufferPointer($0)) != nil }
    }

    /// Whether `text` is exactly a valid timestamp as `number(_:)` accepts it, date-time or date.
    package static func isTimestamp(_ text: String) -> Bool { number(text) > invalid }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func parse(_ bytes: UnsafeRawBufferPointer) -> Int? {
        let count = bytes.count
        guard count >= 10, let year = digits(bytes, 0, 4), bytes[4] == dash, let month = digits(bytes, 5, 2),
            bytes[7] == dash, let day = digits(bytes, 8, 2), year >= 1, (1...12).contains(month),
            day >= 1, day <= daysIn(month, year)
        else { return nil }
        if count == 10 { return year * 10000 + month * 100 + day }
        guard count >= 20, bytes[10] == 0x54 || bytes[10] == 0x74 || bytes[10] == 0x20,
            let hour = digits(bytes, 11, 2), bytes[13] == colon, let minute = digits(bytes, 14, 2), bytes[16] == colon,
            let second = digits(bytes, 17, 2), hour < 24, minute < 60, second <= 60
        else { return nil }
        var index = 19
        if bytes[index] == 0x2E {
            index += 1
            let first = index
            while index < count, bytes[index] &- 0x30 < 10 { index += 1 }
            guard index > first, index < count else { return nil }
        }
        var offset = 0
        switch bytes[index] {
        case 0x5A, 0x7A:
            guard index + 1 == count else { return nil }
        case 0x2B, 0x2D:
            let sign = bytes[index] == 0x2B ? 1 : -1
            let rest = count - index - 1
            guard rest == 5 || rest == 4, let hours = digits(bytes, index + 1, 2) else { return nil }
            let minutesAt = rest == 5 ? index + 4 : index + 3
            guard rest == 4 || bytes[index + 3] == colon, let minutes = digits(bytes, minutesAt, 2), hours < 24,
                minutes < 60
            else { return nil }
            offset = sign * (hours * 60 + minutes)
        default:
            return nil
        }
        // Local time minus the offset is UTC; an offset under a day moves the date by one day at most.
        let utcMinutes = hour * 60 + minute - offset
        var (utcYear, utcMonth, utcDay) = (year, month, day)
        if utcMinutes < 0 {
            utcDay -= 1
            if utcDay == 0 {
                utcMonth -= 1
                if utcMonth == 0 { (utcYear, utcMonth) = (utcYear - 1, 12) }
                utcDay = daysIn(utcMonth, utcYear)
            }
        } else if utcMinutes >= 24 * 60 {
            utcDay += 1
            if utcDay > daysIn(utcMonth, utcYear) {
                (utcMonth, utcDay) = (utcMonth + 1, 1)
                if utcMonth == 13 { (utcYear, utcMonth) = (utcYear + 1, 1) }
            }
        }
        guard (1...9999).contains(utcYear) else { return nil }
        return utcYear * 10000 + utcMonth * 100 + utcDay
    }

    private static let dash: UInt8 = 0x2D
    private static let colon: UInt8 = 0x3A

    /// The decimal value of the `width` ASCII digits at `start`, or nil when one is not a digit.
    @inline(__always)
    private static func digits(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ width: Int) -> Int? {
        guard start + width <= bytes.count else { return nil }
        var value = 0
        for index in start..<(start + width) {
            let digit = bytes[index] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    private static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
