/// Figures from one stored run beside the clauses that have them (read from its summaries, never by re-import).
package struct ComplianceEvidence: Sendable, Equatable, Codable {
    /// The run the figures come from: the latest complete run that scored the version, else the latest complete run
    /// (length figures only).
    package var runID: Int64
    /// Whether that run scored this version (blocklist figures need it).
    package var runScoredVersion: Bool
    /// The run's accepted candidates.
    package var candidates: Int
    /// One figure per clause that has one.
    package var clauses: [ClauseEvidence]

    /// Creates the evidence of a run.
    package init(runID: Int64, runScoredVersion: Bool, candidates: Int, clauses: [ClauseEvidence]) {
        self.runID = runID
        self.runScoredVersion = runScoredVersion
        self.candidates = candidates
        self.clauses = clauses
    }

    private enum CodingKeys: String, CodingKey {
        case candidates, clauses
        case runID = "run_id"
        case runScoredVersion = "run_scored_version"
    }
}
