import ExitStatus

/// Why a file pwaudit was asked to write was refused or could not be written.
package enum OutputFileError: Equatable, Sendable, UserFacingError {
    /// `path` (as given to `option`) is one of pwaudit's own files or its input: writing it would destroy it.
    case clash(option: String, path: String, role: String)
    /// The file at `path` could not be created or written.
    case cannotWrite(path: String, reason: String)

    /// The exit code a command ends with when this error stops it.
    package var exitCode: ExitCode {
        switch self {
        case .clash: .usage
        case .cannotWrite: .ioError
        }
    }

    /// One actionable sentence.
    package var userMessage: String {
        switch self {
        case .clash(let option, let path, let role):
            "\(option) '\(path)' is \(role); choose another file"
        case .cannotWrite(let path, let reason):
            "cannot write '\(path)': \(reason)"
        }
    }

    /// Why, without the path: the system's reason for a failed write, the whole sentence for a clash.
    package var reason: String {
        switch self {
        case .clash: description
        case .cannotWrite(_, let reason): reason
        }
    }
}
