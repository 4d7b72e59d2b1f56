import AuditRepositories
import AuditTime

/// Retention (`pwaudit prune --before DATE`): deletes the candidates and attempts of complete runs that finished
/// before DATE, keeps their summaries, reports and the policy history, and shrinks the file.
package struct RunPrune {
    private let workspace: AuditWorkspace

    /// Retention over `workspace` (opened for writing; read-only is enough for a dry run).
    package init(workspace: AuditWorkspace) { self.workspace = workspace }

    /// Prunes every complete, unpruned run that finished before `before`, then gives the space back
    /// (`RunPruner.reclaimSpace`); with `dryRun`, only counts what it would remove and changes nothing.
    /// - Throws: `PruneError.importRunning` while an import runs (nothing is pruned), the store's errors.
    package func prune(before: UTCInstant, dryRun: Bool) throws -> PruneOutcome {
        // A run whose import is running now (its lease is held, so not stale): pruning waits for it.
        if let running = try workspace.runs.list().first(where: { $0.status == .running && !$0.isStale }) {
            throw PruneError.importRunning(runID: running.id, pid: running.pid)
        }
        let targets = try workspace.pruner.targets(finishedBefore: before)
        let bytesBefore = workspace.pruner.occupiedBytes()
        var outcome = PruneOutcome(
            runIDs: targets.map(\.runID), candidates: targets.reduce(0) { $0 + $1.candidates },
            attempts: targets.reduce(0) { $0 + $1.attempts }, bytesBefore: bytesBefore, bytesAfter: nil)
        guard !dryRun else { return outcome }
        for target in targets { try workspace.pruner.prune(runID: target.runID) }
        if !targets.isEmpty { try workspace.pruner.reclaimSpace() }
        outcome.bytesAfter = workspace.pruner.occupiedBytes()
        return outcome
    }
}
