import AuditRepositories
import Foundation
import PolicyCSV
import PolicyReports

/// The period keys of day-based histories: `2026-11-30`, ISO week `2026-W48`, month `2026-11` (all UTC), and
/// `time: none` / `time: invalid` for candidates without a submission time or with a bad one, whatever the period.
package enum HistoryPeriod {
    /// The bucket of candidates without a submission time.
    package static let timeNone = HistoryBucket.noTimeKey
    /// The bucket of candidates whose submission time is not a valid timestamp.
    package static let timeInvalid = HistoryBucket.invalidTimeKey

    /// The bucket key of a stored day that is no date (`none`, `invalid`), or nil for a date.
    package static func undatedKey(ofDay day: String) -> String? {
        switch day {
        case SubmissionDay.noneText: timeNone
        case SubmissionDay.invalidText: timeInvalid
        default: nil
        }
    }

    private static let isoCalendar: Calendar = {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The key of the bucket holding `day` (`YYYY-MM-DD`, `none` or `invalid` as stored); run buckets are keyed
    /// elsewhere, so `.run` returns `day`.
    package static func key(ofDay day: String, kind: HistoryBucketKind) -> String {
        if kind != .run, let undated = undatedKey(ofDay: day) { return undated }
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

    /// The grouping a store adds day summaries up by for `kind`'s buckets, nil for run buckets.
    package static func dayGrouping(of kind: HistoryBucketKind) -> SummaryDayGrouping? {
        switch kind {
        case .run: nil
        case .day: .day
        case .week: .week
        case .month: .month
        }
    }
}
