import Foundation

/// Dates as pwaudit stores and compares them: ISO-8601 UTC text, `YYYY-MM-DDTHH:MM:SSZ`.
package enum EffectiveDate {
    /// Normalizes `YYYY-MM-DD` (start of that day) or a full ISO-8601 timestamp with `Z`; nil when neither.
    package static func normalized(_ text: String, endOfDay: Bool = false) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if isDate(trimmed) { return trimmed + (endOfDay ? "T23:59:59Z" : "T00:00:00Z") }
        guard trimmed.count == 20, trimmed.hasSuffix("Z"), isDate(String(trimmed.prefix(10))),
            Array(trimmed)[10] == "T", parse(trimmed) != nil
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

    private static func isDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
        for index in [0, 1, 2, 3, 5, 6, 8, 9] where !(48...57).contains(bytes[index]) { return false }
        return ISO8601DateFormatter().date(from: text + "T00:00:00Z") != nil
    }
}
