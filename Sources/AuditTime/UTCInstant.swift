import Foundation

/// An instant in UTC to the second: how pwaudit stores every time (`submitted_at`, `effective_from`, `started_at`, …)
/// and the one parser every time it is given goes through (CSV times, `--effective`, `--before`, `policy at`,
/// `history --since`/`--until`).
///
/// Stored as its canonical text `YYYY-MM-DDTHH:MM:SSZ`: fixed width, so text order is time order, and SQL may compare
/// stored times as text. Years 0001–9999 (the four digits of the text), in UTC.
///
/// `read(_:assumingOffsetMinutes:)` accepts, and nothing else:
/// - a date `YYYY-MM-DD`: its midnight;
/// - a date-time `YYYY-MM-DDTHH:MM:SS` (`T`, `t` or one space between) with optional fractional seconds (`.` and one
///   or more digits, dropped: the instant is the whole second, never rounded into the next) and an optional zone: `Z`
///   (or `z`), `±HH:MM` or `±HHMM` (up to ±23:59).
///
/// A date, or a date-time without a zone, is read at the offset given (UTC by default) and says so (`zoneGiven`).
/// Months, days (leap years included), hours 00–23 and minutes 00–59 must exist; seconds 00–60, a leap second read as
/// :59 of its minute so that it keeps its day. Anything else — a bare hour offset `+05`, `HH:MM` without seconds,
/// surrounding spaces, `2026-02-30` — is not a time. Hand-written over bytes: no allocation, no formatter, cheap enough
/// for the import's per-row path.
package struct UTCInstant: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01T00:00:00Z (negative before it).
    package let secondsSince1970: Int64
    /// The UTC calendar fields, kept beside the seconds so that the day and the text need no calendar arithmetic.
    private let parts: Parts

    /// UTC year, month, day, hour, minute and second.
    private struct Parts: Sendable, Hashable {
        var year: UInt16
        var month, day, hour, minute, second: UInt8

        init(year: Int, month: Int, day: Int, secondOfDay: Int) {
            self.year = UInt16(year)
            (self.month, self.day) = (UInt8(month), UInt8(day))
            (hour, minute, second) = (UInt8(secondOfDay / 3600), UInt8(secondOfDay / 60 % 60), UInt8(secondOfDay % 60))
        }
    }

    /// What reading a text gave: the instant, and whether the text named its zone.
    package struct Reading: Sendable, Equatable {
        /// The instant the text names, in UTC.
        package var instant: UTCInstant
        /// Whether the text gave a zone (`Z`, `±HH:MM`, `±HHMM`); false for a date and for a date-time read at the
        /// assumed offset.
        package var zoneGiven: Bool
        /// Whether the text was a date alone (`YYYY-MM-DD`).
        package var isDate: Bool
        /// Whether the text was the instant's canonical text itself (`YYYY-MM-DDTHH:MM:SSZ`), so that a copy of it
        /// stores the instant as well as writing the text again would.
        package var isCanonical = false
    }

    /// The first instant the canonical text can hold, 0001-01-01T00:00:00Z.
    package static let earliest = UTCInstant(unchecked: firstSecond)
    /// The last one, 9999-12-31T23:59:59Z.
    package static let latest = UTCInstant(unchecked: lastSecond)

    private static let firstSecond = daysFromCivil(1, 1, 1) * 86_400
    private static let lastSecond = daysFromCivil(9999, 12, 31) * 86_400 + 86_399

    private init(unchecked seconds: Int64) {
        secondsSince1970 = seconds
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let (year, month, day) = Self.civil(fromDays: days)
        parts = Parts(year: year, month: month, day: day, secondOfDay: Int(seconds - days * 86_400))
    }

    private init(secondsSince1970: Int64, parts: Parts) {
        self.secondsSince1970 = secondsSince1970
        self.parts = parts
    }

    /// The instant `seconds` after 1970-01-01T00:00:00Z; nil outside years 0001–9999.
    package init?(secondsSince1970 seconds: Int64) {
        guard seconds >= Self.firstSecond, seconds <= Self.lastSecond else { return nil }
        self.init(unchecked: seconds)
    }

    /// The second holding `date` (the fraction dropped); nil outside years 0001–9999.
    package init?(_ date: Date) {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 1e15 else { return nil }
        self.init(secondsSince1970: Int64(seconds))
    }

    /// The current time, to the second (the fraction dropped).
    package static func now() -> UTCInstant { UTCInstant(Date()) ?? .latest }

    package static func < (lhs: UTCInstant, rhs: UTCInstant) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

    // MARK: Reading

    /// Reads `text` as described on the type; nil when it is not a time.
    /// - Parameter offsetMinutes: The offset from UTC of a text without a zone (east positive): 0 reads it as UTC.
    package static func read(_ text: String, assumingOffsetMinutes offsetMinutes: Int = 0) -> Reading? {
        var text = text
        return text.withUTF8 { read(UnsafeRawBufferPointer($0), assumingOffsetMinutes: offsetMinutes) }
    }

    /// Reads the UTF-8 bytes `bytes` as described on the type; nil when they are not a time.
    /// - Parameter offsetMinutes: The offset from UTC of a text without a zone (east positive): 0 reads it as UTC.
    package static func read(_ bytes: UnsafeRawBufferPointer, assumingOffsetMinutes offsetMinutes: Int = 0) -> Reading?
    {
        let count = bytes.count
        guard count >= 10, let year = digits(bytes, 0, 4), bytes[4] == dash, let month = digits(bytes, 5, 2),
            bytes[7] == dash, let day = digits(bytes, 8, 2), year >= 1, (1...12).contains(month),
            day >= 1, day <= daysIn(month, year)
        else { return nil }
        if count == 10 {
            return reading(year, month, day, 0, offsetMinutes: offsetMinutes, zoneGiven: false, isDate: true)
        }
        guard count >= 19, bytes[10] == 0x54 || bytes[10] == 0x74 || bytes[10] == 0x20,
            let hour = digits(bytes, 11, 2), bytes[13] == colon, let minute = digits(bytes, 14, 2), bytes[16] == colon,
            let second = digits(bytes, 17, 2), hour < 24, minute < 60, second <= 60
        else { return nil }
        var index = 19
        if index < count, bytes[index] == 0x2E {
            index += 1
            let first = index
            while index < count, bytes[index] &- 0x30 < 10 { index += 1 }
            guard index > first else { return nil }
        }
        let local = hour * 3600 + minute * 60 + min(second, 59)
        guard index < count else {
            return reading(year, month, day, local, offsetMinutes: offsetMinutes, zoneGiven: false, isDate: false)
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
        var result = reading(year, month, day, local, offsetMinutes: offset, zoneGiven: true, isDate: false)
        result?.isCanonical = index == 19 && offset == 0 && bytes[10] == 0x54 && bytes[19] == 0x5A && second < 60
        return result
    }

    /// The reading of the local fields `year-month-day` `hour:minute:second` at `offsetMinutes` (east positive), for a
    /// reader of another layout (`TimePattern`, generalized time); nil when a field is out of range (a month 13,
    /// `02-30`, hour 24) or the instant falls outside years 0001–9999. A second 60 is read as :59, as `read` does.
    package static func reading(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offsetMinutes: Int, zoneGiven: Bool,
        isDate: Bool = false
    ) -> Reading? {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1, day <= daysIn(month, year),
            (0..<24).contains(hour), (0..<60).contains(minute), (0...60).contains(second), abs(offsetMinutes) < 24 * 60
        else { return nil }
        return reading(
            year, month, day, hour * 3600 + minute * 60 + min(second, 59), offsetMinutes: offsetMinutes,
            zoneGiven: zoneGiven, isDate: isDate)
    }

    /// The reading of local `year-month-day` plus `secondOfDay` at `offsetMinutes`: local time minus its offset is UTC.
    /// An offset under a day moves the date by one day at most, so the UTC fields come without calendar arithmetic.
    @inline(__always)
    private static func reading(
        _ year: Int, _ month: Int, _ day: Int, _ secondOfDay: Int, offsetMinutes: Int, zoneGiven: Bool, isDate: Bool
    ) -> Reading? {
        guard abs(offsetMinutes) < 24 * 60 else {
            let local = daysFromCivil(year, month, day) * 86_400 + Int64(secondOfDay)
            guard let instant = UTCInstant(secondsSince1970: local - Int64(offsetMinutes) * 60) else { return nil }
            return Reading(instant: instant, zoneGiven: zoneGiven, isDate: isDate)
        }
        var utc = secondOfDay - offsetMinutes * 60
        var (utcYear, utcMonth, utcDay) = (year, month, day)
        if utc < 0 {
            utc += 86_400
            utcDay -= 1
            if utcDay == 0 {
                utcMonth -= 1
                if utcMonth == 0 { (utcYear, utcMonth) = (utcYear - 1, 12) }
                utcDay = daysIn(utcMonth, utcYear)
            }
        } else if utc >= 86_400 {
            utc -= 86_400
            utcDay += 1
            if utcDay > daysIn(utcMonth, utcYear) {
                (utcMonth, utcDay) = (utcMonth + 1, 1)
                if utcMonth == 13 { (utcYear, utcMonth) = (utcYear + 1, 1) }
            }
        }
        guard (1...9999).contains(utcYear) else { return nil }
        let instant = UTCInstant(
            secondsSince1970: daysFromCivil(utcYear, utcMonth, utcDay) * 86_400 + Int64(utc),
            parts: Parts(year: utcYear, month: utcMonth, day: utcDay, secondOfDay: utc))
        return Reading(instant: instant, zoneGiven: zoneGiven, isDate: isDate)
    }

    // MARK: Parts and text

    /// The UTC calendar day as the number yyyymmdd (20260106).
    package var dayNumber: Int { Int(parts.year) * 10_000 + Int(parts.month) * 100 + Int(parts.day) }

    /// Midnight UTC of this instant's day.
    package var startOfDay: UTCInstant {
        let secondOfDay = Int64(parts.hour) * 3600 + Int64(parts.minute) * 60 + Int64(parts.second)
        var start = parts
        (start.hour, start.minute, start.second) = (0, 0, 0)
        return UTCInstant(secondsSince1970: secondsSince1970 - secondOfDay, parts: start)
    }

    /// Whether this instant is midnight UTC (the start of its UTC day).
    package var isStartOfDay: Bool { parts.hour == 0 && parts.minute == 0 && parts.second == 0 }

    /// The same instant as a Foundation `Date`.
    package var date: Date { Date(timeIntervalSince1970: TimeInterval(secondsSince1970)) }

    /// The canonical text, `YYYY-MM-DDTHH:MM:SSZ`.
    package var text: String {
        withCanonicalText { String(decoding: $0, as: UTF8.self) }
    }

    /// The UTC day, `YYYY-MM-DD`: the first ten characters of `text`.
    package var dayText: String { String(text.prefix(10)) }

    /// The byte count of the canonical text.
    package static let textLength = 20

    /// Runs `body` with the canonical text's 20 UTF-8 bytes, written into stack memory: no allocation.
    package func withCanonicalText<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let year = Int(parts.year)
        // "YYYY-MM-", "DDTHH:MM", ":SSZ" as words whose lowest byte comes first (`littleEndian`: in memory order on
        // any platform).
        let first: UInt64 =
            Self.pair(year / 100) | Self.pair(year % 100) << 16 | 0x2D << 32 | Self.pair(Int(parts.month)) << 40
            | 0x2D << 56
        let second: UInt64 =
            Self.pair(Int(parts.day)) | 0x54 << 16 | Self.pair(Int(parts.hour)) << 24 | 0x3A << 40
            | Self.pair(Int(parts.minute)) << 48
        let third: UInt32 = 0x3A | UInt32(truncatingIfNeeded: Self.pair(Int(parts.second))) << 8 | 0x5A << 24
        var text = (first.littleEndian, second.littleEndian, third.littleEndian)
        return try withUnsafeBytes(of: &text) { try body(UnsafeRawBufferPointer(rebasing: $0[0..<Self.textLength])) }
    }

    /// The two ASCII digits of `value` (0–99) as a little-endian 16-bit word: tens first.
    @inline(__always)
    private static func pair(_ value: Int) -> UInt64 { UInt64(0x30 + value / 10) | UInt64(0x30 + value % 10) << 8 }

    // MARK: Calendar (H. Hinnant's days-from-civil and civil-from-days)

    private static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int64 {
        let shiftedYear = Int64(month <= 2 ? year - 1 : year)
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let monthIndex = Int64(month > 2 ? month - 3 : month + 9)
        let dayOfYear = (153 * monthIndex + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
        let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
        return (Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0), month, day)
    }

    private static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
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
}
