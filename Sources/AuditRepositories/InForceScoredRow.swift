/// A judged span's candidates and unlocks in one period (`InForceSums.scored`).
package struct InForceScoredRow: Sendable, Equatable {
    /// Index of the span among those asked for.
    package var span: Int
    /// The period's first day, nil without periods.
    package var period: String?
    /// Candidates.
    package var total: Int
    /// Candidates the version accepted.
    package var unlocked: Int

    /// The sums of `span` in `period`.
    package init(span: Int, period: String?, total: Int, unlocked: Int) {
        self.span = span
        self.period = period
        self.total = total
        self.unlocked = unlocked
    }
}
