import LibC

/// ISO-8601 UTC timestamps as stored in every `*_at` column, e.g. `2026-11-30T08:15:02Z`.
package enum Timestamp {
    /// The current time, to the second, in UTC.
    package static func now() -> String {
        format(secondsSince1970: time(nil))
    }

    /// Formats seconds since 1970 as `YYYY-MM-DDTHH:MM:SSZ`.
    package static func format(secondsSince1970 seconds: Int) -> String {
        var value = time_t(seconds)
        var parts = tm()
        gmtime_r(&value, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%SZ", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
