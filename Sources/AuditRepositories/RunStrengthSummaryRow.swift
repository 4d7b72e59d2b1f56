/// Per run, scored version and strength score: the candidates with that score and those of them that unlock the reset
/// under the version (`run_strength_summary`). Written, five rows per version (zeros included), for runs whose
/// candidates have stored estimates.
package struct RunStrengthSummaryRow: Sendable, Equatable {
    /// The policy version.
    package var policyVersionID: Int64
    /// The score, 0 to 4.
    package var score: Int
    /// Candidates of the run with this score.
    package var candidates: Int
    /// Those of them that unlock the reset under the version.
    package var unlocked: Int

    /// Creates a row.
    package init(policyVersionID: Int64, score: Int, candidates: Int, unlocked: Int) {
        self.policyVersionID = policyVersionID
        self.score = score
        self.candidates = candidates
        self.unlocked = unlocked
    }
}
