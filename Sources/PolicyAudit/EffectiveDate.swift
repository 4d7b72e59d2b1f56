import AuditRepositories
import Foundation
import PolicyCSV

/// Dates as pwaudit stores and compares them: ISO-8601 UTC text, `YYYY-MM-DDTHH:MM:SSZ`.
package enum EffectiveDate {
    /// Normalizes `YYYY-MM-DD` (start of that day, or its last second with `endOfDay`) or a full ISO-8601 UTC
    /// timestamp `YYYY-MM-DDTHH:MM:SSZ`; nil when neither, or when the date does not exist (`2026-02-30`, month 13,
    /// hour 24): checked by `SubmissionDay`, which knows the calendar.
    package static func normalized(_ text: String, endOfDay: Bool = false) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if SubmissionDay.isDate(trimmed) { return trimmed + (endOfDay ? "T23:59:59Z" : "T00:00:00Z") }
        let bytes = Array(trimmed.utf8)
        guard bytes.count == 20, bytes[10] == UInt8(ascii: "T"), bytes[19] == UInt8(ascii: "Z"),
            SubmissionDay.isTimestamp(trimmed)
        else { return nil }
        return trimmed
    }

    /// Today's date in UTC at midnight, in the stored form.
    package static func today() -> String {
        String(ISO8601DateFormatter().string(from: Date()).prefix(10)) + "T00:00:00Z"
    }

    /// Parses a stored timestamp into a `Date`.
    package static func parse(_ text: String) -> Date? {
        ISO8601DateFormatter().date(from: text.count == 10 ? text + "T00:00:00Z" : text)
    }
}
