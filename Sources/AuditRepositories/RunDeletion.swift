/// What deleting a run did.
package struct RunDeletion: Sendable, Equatable {
    /// Whether a run with the id existed and was deleted.
    package var deleted: Bool
    /// Whether the run was `running` with its importer gone (killed or crashed).
    package var wasStale: Bool
    /// Rows of runs that no longer existed (left by an older pwaudit), deleted along the way.
    package var orphanRows: Int

    /// Creates a result.
    package init(deleted: Bool, wasStale: Bool, orphanRows: Int) {
        self.deleted = deleted
        self.wasStale = wasStale
        self.orphanRows = orphanRows
    }
}
