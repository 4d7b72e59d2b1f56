import Foundation

/// The period keys of day-based histories: `2026-11-30`, ISO week `2026-W48`, month `2026-11` (all UTC).
package enum HistoryPeriod {
    private static let isoCalendar: Calendar = {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The key of the bucket holding `day` (`YYYY-MM-DD`); run buckets are keyed elsewhere, so `.run` returns `day`.
    package static func key(ofDay day: String, kind: HistoryBucketKind) -> String {
        switch kind {
        case .run, .day: return day
        case .month: return String(day.prefix(7))
        case .week:
            guard let date = EffectiveDate.parse(String(day.prefix(10))) else { return day }
            let parts = isoCalendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
            let week = parts.weekOfYear ?? 0
            return "\(parts.yearForWeekOfYear ?? 0)-W\(week < 10 ? "0" : "")\(week)"
        }
    }
}
