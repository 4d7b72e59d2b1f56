import AuditRepositories
import ExitStatus

/// Why the PostgreSQL store refused a change to an import run or its rows (the words of `PolicyStoreError`, which
/// lives in the SQLite module).
package enum PostgresRunError: Equatable, UserFacingError {
    /// No import run has this id.
    case runNotFound(id: Int64)
    /// The run is not `running`, so it cannot be completed, failed or written to.
    case runNotRunning(id: Int64, status: RunStatus)
    /// The run is `running` and its importer holds its lease: it cannot be deleted under it.
    case runBeingImported(id: Int64, pid: Int32)
    /// The run's advisory lock was already held by another session when the run was started.
    case runLockFailed(id: Int64)
    /// An outcome was written under a version the run does not score, or twice for one version.
    case versionNotScored(runID: Int64, versionID: Int64)
    /// A run holds at most `CandidateID.maximumPerRun` candidates.
    case tooManyCandidates(runID: Int64)

    /// The exit code a command ends with when this error stops it.
    package var exitCode: ExitCode {
        switch self {
        case .runNotFound: .noInput
        case .runNotRunning, .runBeingImported, .versionNotScored, .tooManyCandidates: .dataError
        case .runLockFailed: .ioError
        }
    }

    /// One sentence with what to do.
    package var userMessage: String {
        switch self {
        case .runNotFound(let id):
            "There is no import run \(id); list runs with `pwaudit runs`."
        case .runNotRunning(let id, let status):
            "Import run \(id) is already \(status.rawValue) and cannot change state again."
        case .runBeingImported(let id, let pid):
            "run \(id) is being imported by process \(pid); wait for it to finish, or stop that process (a run whose "
                + "import died is stale and can be deleted)"
        case .runLockFailed(let id):
            "another session holds the advisory lock of new import run \(id); connect to the server directly, not "
                + "through a transaction-pooling proxy, and try again"
        case .versionNotScored(let runID, let versionID):
            "policy version \(versionID) is not scored by import run \(runID) (or was given twice); nothing was written"
        case .tooManyCandidates(let runID):
            "import run \(runID) cannot hold more than \(CandidateID.maximumPerRun) candidates; split the file"
        }
    }
}
