import AuditRepositories
import ExitStatus

/// Why the PostgreSQL store refused a change to an import run or its rows, where only it refuses (the refusals both
/// stores share are `AuditStoreError`'s).
package enum PostgresRunError: Equatable, UserFacingError {
    /// The run's advisory lock was already held by another session when the run was started.
    case runLockFailed(id: Int64)
    /// An outcome was written under a version the run does not score, or twice for one version.
    case versionNotScored(runID: Int64, versionID: Int64)
    /// A run holds at most `CandidateID.maximumPerRun` candidates.
    case tooManyCandidates(runID: Int64)

    /// The exit code a command ends with when this error stops it.
    package var exitCode: ExitCode {
        switch self {
        case .versionNotScored, .tooManyCandidates: .dataError
        case .runLockFailed: .ioError
        }
    }

    /// One sentence with what to do.
    package var userMessage: String {
        switch self {
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
