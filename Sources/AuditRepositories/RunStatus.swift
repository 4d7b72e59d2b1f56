/// Lifecycle state of an import run (`import_run.status`).
package enum RunStatus: String, Sendable, Equatable, CaseIterable {
    /// The import is in progress (or its process died: see `StoredRun.isStale`).
    case running
    /// All rows were written and the summaries stored.
    case complete
    /// The import stopped on an error; its partial rows remain until the run is deleted.
    case failed
}
