/// A run `pwaudit prune` would prune, with what pruning it deletes.
package struct RunPruneTarget: Sendable, Equatable {
    /// The run's id.
    package var runID: Int64
    /// Its candidates (rows of `candidate`).
    package var candidates: Int
    /// Its attempts (rows of the `attempt` view: inline outcomes plus `attempt_row`).
    package var attempts: Int

    /// Creates a target.
    package init(runID: Int64, candidates: Int, attempts: Int) {
        self.runID = runID
        self.candidates = candidates
        self.attempts = attempts
    }
}
