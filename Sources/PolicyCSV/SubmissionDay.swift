import AuditTime

/// The UTC day of a candidate's `submitted_at`, as a day number: the day of the instant `UTCInstant.read` gives.
///
/// Day numbers are `yyyymmdd` (20260106); `none` and `invalid` are two numbers no date has, so per-day tallies count
/// every candidate. `2026-01-05T23:30:00-05:00` is 2026-01-06; a time without a zone is read at the offset given
/// (UTC by default).
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
    package static func number(_ field: UnsafeRawBufferPointer?, reader: TimeReader = .standard) -> Int {
        SubmissionTime(field, reader: reader).dayNumber
    }

    /// A day number as stored: `2026-01-06`, `none` or `invalid`.
    package static func text(_ number: Int) -> String {
        if number == none { return noneText }
        if number == invalid { return invalidText }
        let (year, month, day) = (number / 10000, number / 100 % 100, number % 100)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
