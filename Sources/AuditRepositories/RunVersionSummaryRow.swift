/// Per run and policy version: how many candidates were scored, unlocked the reset, or missed by one rule.
package struct RunVersionSummaryRow: Sendable, Equatable {
    /// The scored policy version.
    package var policyVersionID: Int64
    /// Candidates scored.
    package var total: Int
    /// Candidates that would unlock the reset.
    package var unlocked: Int
    /// Candidates blocked by exactly one rule.
    package var nearMiss: Int

    /// Creates a row.
    package init(policyVersionID: Int64, total: Int, unlocked: Int, nearMiss: Int) {
        self.policyVersionID = policyVersionID
        self.total = total
        self.unlocked = unlocked
        self.nearMiss = nearMiss
    }
}
