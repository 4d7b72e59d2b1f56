/// How a history groups its figures: per import run, or per calendar day, ISO week or month (UTC).
package enum HistoryBucketKind: String, Sendable, Equatable, Codable, CaseIterable {
    /// One bucket per import run; the key is the run id (and label).
    case run
    /// One bucket per UTC day; the key is `2026-11-30`.
    case day
    /// One bucket per ISO-8601 week; the key is `2026-W48`.
    case week
    /// One bucket per month; the key is `2026-11`.
    case month
}
