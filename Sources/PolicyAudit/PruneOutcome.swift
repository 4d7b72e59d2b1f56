/// What `pwaudit prune` removed, or with `--dry-run` would remove.
package struct PruneOutcome: Sendable, Equatable {
    /// The pruned runs, oldest first.
    package var runIDs: [Int64]
    /// Candidates deleted.
    package var candidates: Int
    /// Attempts (candidate × version outcomes) deleted.
    package var attempts: Int
    /// The bytes the store occupied before (`RunPruner.occupiedBytes`); nil when the store cannot tell.
    package var bytesBefore: Int64?
    /// The bytes it occupies after the space was given back; nil for a dry run, or when the store cannot tell.
    package var bytesAfter: Int64?

    /// Creates an outcome.
    package init(runIDs: [Int64], candidates: Int, attempts: Int, bytesBefore: Int64?, bytesAfter: Int64?) {
        self.runIDs = runIDs
        self.candidates = candidates
        self.attempts = attempts
        self.bytesBefore = bytesBefore
        self.bytesAfter = bytesAfter
    }
}
