/// Per run, version and rule: how often the rule failed, and how often it alone blocked a candidate.
package struct RunRuleSummaryRow: Sendable, Equatable {
    /// The scored policy version.
    package var policyVersionID: Int64
    /// The rule's bit (position) in the version.
    package var bit: Int
    /// Candidates failing this rule.
    package var failures: Int
    /// Near misses blocked by exactly this rule.
    package var onlyFailure: Int

    /// Creates a row.
    package init(policyVersionID: Int64, bit: Int, failures: Int, onlyFailure: Int) {
        self.policyVersionID = policyVersionID
        self.bit = bit
        self.failures = failures
        self.onlyFailure = onlyFailure
    }
}
