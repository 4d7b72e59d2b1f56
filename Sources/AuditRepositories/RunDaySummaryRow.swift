/// Per run, version and submission day: candidates scored and unlocked, for history charts.
package struct RunDaySummaryRow: Sendable, Equatable {
    /// The scored policy version.
    package var policyVersionID: Int64
    /// UTC day (`YYYY-MM-DD`) of `submitted_at`.
    package var day: String
    /// Candidates submitted that day.
    package var total: Int
    /// Of them, those that would unlock the reset.
    package var unlocked: Int

    /// Creates a row.
    package init(policyVersionID: Int64, day: String, total: Int, unlocked: Int) {
        self.policyVersionID = policyVersionID
        self.day = day
        self.total = total
        self.unlocked = unlocked
    }
}
