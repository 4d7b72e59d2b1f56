import ExitStatus

/// Repository-level failures of the SQLite store that are not SQLite errors (the ones both stores share are
/// `AuditStoreError`'s).
package enum PolicyStoreError: Equatable, UserFacingError {
    /// The import lock of a new run could not be taken (the database file could not be opened for it).
    case runLockFailed(id: Int64, reason: String)

    /// The exit code a command ends with when this error stops it.
    package var exitCode: ExitCode {
        switch self {
        case .runLockFailed: .ioError
        }
    }

    /// One sentence with what to do.
    package var userMessage: String {
        switch self {
        case .runLockFailed(let id, let reason):
            "cannot lock the database file for import run \(id) (\(reason)); check that it is writable"
        }
    }
}
