import ExitStatus
import LibC

/// A read or write of the CLI's own streams failed (output files fail with `OutputFileError`).
package enum CLIIOError: Equatable, UserFacingError {
    /// Reading `what` failed with `errno`.
    case readFailed(what: String, errno: Int32)
    /// Writing standard output failed with `errno` (`ENOSPC` on a full disk, `EPIPE` when the reader is gone).
    case standardOutputFailed(errno: Int32)

    /// The exit code a command ends with when this error stops it.
    package var exitCode: ExitCode {
        switch self {
        case .readFailed, .standardOutputFailed: .ioError
        }
    }

    /// One sentence saying what went wrong and what to do.
    package var userMessage: String {
        switch self {
        case .readFailed(let what, let code): "cannot read \(what): \(SystemCall.describe(code))"
        case .standardOutputFailed(let code): "cannot write standard output: \(SystemCall.describe(code))"
        }
    }
}
