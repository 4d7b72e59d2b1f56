/// Per run, version, day and rule: how many candidates submitted that day failed the rule.
package struct RunDayRuleSummaryRow: Sendable, Equatable {
    /// The scored policy version.
    package var policyVersionID: Int64
    /// UTC day (`YYYY-MM-DD`) of `submitted_at`.
    package var day: String
    /// The rule's bit.
    package var bit: Int
    /// Candidates failing the rule that day.
    package var failures: Int

    /// Creates a row.
    package init(policyVersionID: Int64, day: String, bit: Int, failures: Int) {
        self.policyVersionID = policyVersionID
        self.day = day
        self.bit = bit
        self.failures = failures
    }
}
