/// Candidates of one run no version judged, in one period (`InForceSums.unjudged`): those of an unjudged span's days,
/// or (`span` nil) those without a readable time.
package struct InForceUnjudgedRow: Sendable, Equatable {
    /// The run.
    package var runID: Int64
    /// Index of the unjudged span among those asked for, nil for the days that are no date.
    package var span: Int?
    /// The period's first day (`none` / `invalid` for the days that are no date), nil without periods.
    package var period: String?
    /// Submission days counted.
    package var days: Int
    /// Candidates on them.
    package var candidates: Int
    /// First of those days (`YYYY-MM-DD`, or `none` / `invalid`).
    package var firstDay: String
    /// Last of those days.
    package var lastDay: String

    /// The unjudged candidates of `runID` in `span` and `period`.
    package init(
        runID: Int64, span: Int?, period: String?, days: Int, candidates: Int, firstDay: String, lastDay: String
    ) {
        self.runID = runID
        self.span = span
        self.period = period
        self.days = days
        self.candidates = candidates
        self.firstDay = firstDay
        self.lastDay = lastDay
    }
}
