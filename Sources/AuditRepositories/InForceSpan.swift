/// A stretch of one run's submission days that in-force `history` judges alike (`SummaryRepository.inForceSums`):
/// the days from `firstDay` (inclusive; nil: from the earliest) to `endDay` (exclusive; nil: every later day), judged
/// by the run's outcomes under `scoredVersionID`, or by none (nil: the run scored no version in force on them).
package struct InForceSpan: Sendable, Equatable {
    /// The run whose day summaries the span covers.
    package var runID: Int64
    /// First day (`YYYY-MM-DD`), nil from the earliest.
    package var firstDay: String?
    /// Day after the last (`YYYY-MM-DD`), nil without end.
    package var endDay: String?
    /// The version whose outcomes judge the span's days, nil for none.
    package var scoredVersionID: Int64?

    /// A span of `runID`'s days.
    package init(runID: Int64, firstDay: String?, endDay: String?, scoredVersionID: Int64?) {
        self.runID = runID
        self.firstDay = firstDay
        self.endDay = endDay
        self.scoredVersionID = scoredVersionID
    }
}
