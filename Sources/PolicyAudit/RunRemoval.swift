/// What `RunLog.delete` did.
package struct RunRemoval: Sendable, Equatable {
    /// Whether a run with that id existed and was deleted.
    package var deleted: Bool
    /// Whether the deleted run was stale (a `running` run whose import had died).
    package var wasStale: Bool
    /// Rows left by an older pwaudit of runs that no longer exist, removed along the way.
    package var orphanRows: Int
}
