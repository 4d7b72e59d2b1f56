import AuditRepositories

/// The one-time backfill `pwaudit init --backfill` offers for runs imported by an older pwaudit: the summaries a run
/// stores since, computed from what the run has stored where that is exact.
///
/// Today that is the comparison of every ordered pair of the run's versions (`compare` reads it instead of counting
/// the candidates), counted from the run's stored outcomes: exact for every run that still holds its candidates. A
/// pruned run always has it (prune stored it before deleting them).
package struct SummaryBackfill {
    /// A run the backfill completed: its id and how many version pairs' comparisons it stored.
    package struct Filled: Sendable, Equatable {
        package var runID: Int64
        package var pairs: Int
    }

    private let workspace: AuditWorkspace

    /// The backfill of `workspace`.
    package init(workspace: AuditWorkspace) { self.workspace = workspace }

    /// What `compare` and the other summary readers say of a run without the summary they read: how to backfill it.
    package static func hint(runID: Int64) -> String {
        "run \(runID) was imported before pwaudit stored its version comparisons, so compare counted its candidates;"
            + " 'pwaudit init --backfill' stores them for every such run (once), after which compare reads them"
    }

    /// The complete runs still holding their candidates that lack a stored summary, oldest first.
    package func pendingRuns() throws -> [StoredRun] {
        try workspace.runs.list().reversed().filter { run in
            guard run.status == .complete, run.prunedAt == nil, run.versionIDs.count > 1 else { return false }
            return !(try workspace.runs.unlockTransitionPairsMissing(runID: run.id, versionIDs: run.versionIDs))
                .isEmpty
        }
    }

    /// Backfills every pending run, each in one transaction (an interrupted backfill keeps the runs it finished), and
    /// calls `progress` after each.
    /// - Returns: The runs filled, oldest first.
    package func run(progress: (Filled) -> Void = { _ in }) throws -> [Filled] {
        var filled: [Filled] = []
        for run in try pendingRuns() {
            let pairs = try workspace.store.inTransaction {
                try workspace.runs.storeMissingUnlockTransitions(runID: run.id, versionIDs: run.versionIDs)
            }
            filled.append(Filled(runID: run.id, pairs: pairs))
            progress(filled[filled.count - 1])
        }
        return filled
    }
}
