import AuditRepositories
import ExitStatus

/// Repository-level failures that are not SQLite errors.
package enum PolicyStoreError: Equatable, UserFacingError {
    /// No import run has this id.
    case runNotFound(id: Int64)
    /// The run is not `running`, so it cannot be completed or failed again.
    case runNotRunning(id: Int64, status: RunStatus)

    /// The run is `running` and its importing process is alive: it cannot be deleted under it.
    case runBeingImported(id: Int64, pid: Int32)
    /// The import lock of a new run could not be taken (the database file could not be opened for it).
    case runLockFailed(id: Int64, reason: String)

    /// The exit code a command ends with when this error stops it.
    package var exitCode: ExitCode {
        switch self {
        case .runNotFound: .noInput
        case .runNotRunning, .runBeingImported: .dataError
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
        case .runLockFailed(let id, let reason):
            "cannot lock the database file for import run \(id) (\(reason)); check that it is writable"
        }
    }
}
