/// Per run and version: how many candidates failed both rules of a pair (`bitA < bitB`).
package struct RunRulePairSummaryRow: Sendable, Equatable {
    /// The scored policy version.
    package var policyVersionID: Int64
    /// The lower rule bit.
    package var bitA: Int
    /// The higher rule bit.
    package var bitB: Int
    /// Candidates failing both rules.
    package var failures: Int

    /// Creates a row.
    package init(policyVersionID: Int64, bitA: Int, bitB: Int, failures: Int) {
        self.policyVersionID = policyVersionID
        self.bitA = bitA
        self.bitB = bitB
        self.failures = failures
    }
}
