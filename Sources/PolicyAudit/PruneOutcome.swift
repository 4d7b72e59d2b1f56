/// What `pwaudit prune` removed, or with `--dry-run` would remove.
package struct PruneOutcome: Sendable, Equatable {
    /// The pruned runs, oldest first.
    package var runIDs: [Int64]
    /// Candidates deleted.
    package var candidates: Int
    /// Attempts (candidate × version outcomes) deleted.
    package var attempts: Int
    /// Size of the database and its WAL before.
    package var bytesBefore: Int64
    /// Size after the space was reclaimed; nil for a dry run.
    package var bytesAfter: Int64?

    /// Creates an outcome.
    package init(runIDs: [Int64], candidates: Int, attempts: Int, bytesBefore: Int64, bytesAfter: Int64?) {
        self.runIDs = runIDs
        self.candidates = candidates
        self.attempts = attempts
        self.bytesBefore = bytesBefore
        self.bytesAfter = bytesAfter
    }
}
