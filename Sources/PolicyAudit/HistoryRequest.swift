import PolicyReports

/// What `pwaudit history` was asked for.
package struct HistoryRequest: Sendable, Equatable {
    /// The policy's name.
    package var policyName: String
    /// By-version mode only: restrict the history to this version number (nil = every version).
    package var version: Int?
    /// How figures are grouped.
    package var bucketKind: HistoryBucketKind
    /// Which version judges each candidate.
    package var mode: HistoryMode
    /// First day included (`YYYY-MM-DD`, inclusive): submission day, or for run buckets in by-version mode the run's
    /// start day.
    package var since: String?
    /// Last day included (`YYYY-MM-DD`, inclusive), as `since`.
    package var until: String?

    /// Creates a request.
    package init(
        policyName: String, version: Int? = nil, bucketKind: HistoryBucketKind = .run, mode: HistoryMode = .byVersion,
        since: String? = nil, until: String? = nil
    ) {
        self.policyName = policyName
        self.version = version
        self.bucketKind = bucketKind
        self.mode = mode
        self.since = since
        self.until = until
    }

    /// Whether `day` (`YYYY-MM-DD`) lies within `since`…`until`; a stored day that is no date (`none`, `invalid`)
    /// lies in no bounded range, so it is included only when neither bound is given.
    func includes(day: String) -> Bool {
        if HistoryPeriod.undatedKey(ofDay: day) != nil { return since == nil && until == nil }
        if let since, day < since { return false }
        if let until, day > until { return false }
        return true
    }
}
