import Foundation

/// How report times are written: ISO-8601 in UTC with whole seconds (`2026-11-30T08:00:00Z`).
package enum ReportTimestamp {
    /// The ISO-8601 UTC text of `date`, to the second.
    package static func string(from date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }

    /// The calendar day of `date` in UTC (`2026-11-30`).
    package static func day(of date: Date) -> String {
        String(string(from: date).prefix(10))
    }

    /// Parses the ISO-8601 text written by `string(from:)`; nil when it is not one.
    package static func date(from text: String) -> Date? {
        try? Date(text, strategy: Date.ISO8601FormatStyle())
    }
}

extension KeyedDecodingContainer {
    /// Decodes a report timestamp written as ISO-8601 text.
    func decodeTimestamp(forKey key: Key) throws -> Date {
        let text = try decode(String.self, forKey: key)
        guard let date = ReportTimestamp.date(from: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected an ISO-8601 UTC time such as 2026-11-30T08:00:00Z")
        }
        return date
    }

    /// Decodes an optional report timestamp written as ISO-8601 text or `null`.
    func decodeTimestampIfPresent(forKey key: Key) throws -> Date? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeTimestamp(forKey: key)
    }
}

extension KeyedEncodingContainer {
    /// Encodes `date` as ISO-8601 UTC text.
    mutating func encodeTimestamp(_ date: Date, forKey key: Key) throws {
        try encode(ReportTimestamp.string(from: date), forKey: key)
    }

    /// Encodes `date` as ISO-8601 UTC text, or `null` when absent (the key is always present).
    mutating func encodeTimestamp(_ date: Date?, forKey key: Key) throws {
        if let date { try encodeTimestamp(date, forKey: key) } else { try encodeNil(forKey: key) }
    }
}
