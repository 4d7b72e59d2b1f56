import ExitStatus

/// Why retention, or a command on a pruned run, could not do what was asked.
package enum PruneError: Equatable, UserFacingError {
    /// The run's candidates were deleted by `pwaudit prune`: there is nothing to score again.
    case runPruned(runID: Int64, prunedAt: String)
    /// An import is running; pruning (and its VACUUM) waits until it ends.
    case importRunning(runID: Int64, pid: Int32)

    /// The exit code a command ends with when this error stops it.
    package var exitCode: ExitCode {
        switch self {
        case .runPruned, .importRunning: .dataError
        }
    }

    /// One sentence saying what happened and what remains possible.
    package var userMessage: String {
        switch self {
        case .runPruned(let runID, let prunedAt):
            "run \(runID) was pruned on \(prunedAt.prefix(10)): its candidates and attempts were deleted, so it cannot "
                + "be scored again; its reports remain ('pwaudit report --run \(runID)'); import the file again to "
                + "score it under a new version"
        case .importRunning(let runID, let pid):
            "run \(runID) is being imported by process \(pid); prune once the import has finished"
        }
    }
}
