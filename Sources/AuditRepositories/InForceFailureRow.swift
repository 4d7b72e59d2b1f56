/// A judged span's failures of one rule in one period (`InForceSums.failures`).
package struct InForceFailureRow: Sendable, Equatable {
    /// Index of the span among those asked for.
    package var span: Int
    /// The period's first day, nil without periods.
    package var period: String?
    /// The rule's bit in the scoring version.
    package var bit: Int
    /// Candidates failing the rule.
    package var failures: Int

    /// The failures of rule `bit` in `span` and `period`.
    package init(span: Int, period: String?, bit: Int, failures: Int) {
        self.span = span
        self.period = period
        self.bit = bit
        self.failures = failures
    }
}
