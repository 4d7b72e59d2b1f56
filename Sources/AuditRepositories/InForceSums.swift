/// In-force `history`'s day summaries added up by the store (`SummaryRepository.inForceSums`), in no particular
/// order. A row's `span` indexes the spans asked for; its `period` is the period's first day (`YYYY-MM-DD`, or `none` /
/// `invalid` for the candidates without a readable time), nil when the spans were not grouped by period.
package struct InForceSums: Sendable, Equatable {
    /// Totals and unlocks of the judged spans, per span and period.
    package var scored: [InForceScoredRow]
    /// Rule failures of the judged spans, per span, period and rule bit.
    package var failures: [InForceFailureRow]
    /// Candidates no version judged, per run, span (nil: the days that are no date) and period.
    package var unjudged: [InForceUnjudgedRow]

    /// Sums of `scored`, `failures` and `unjudged`.
    package init(scored: [InForceScoredRow], failures: [InForceFailureRow], unjudged: [InForceUnjudgedRow]) {
        self.scored = scored
        self.failures = failures
        self.unjudged = unjudged
    }
}
