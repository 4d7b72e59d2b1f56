import ExitStatus

/// Why `pwaudit demo` could not set up or finish its directory.
package enum DemoError: Equatable, Sendable, UserFacingError {
    /// The directory already holds a pwaudit database; the demo only writes into a fresh one.
    case directoryInUse(path: String)
    /// The directory could not be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// The HTML report could not be written.
    case cannotWriteReport(path: String, reason: String)

    /// The exit code a command ends with when this error stops it.
    package var exitCode: ExitCode {
        switch self {
        case .directoryInUse: .usage
        case .cannotCreateDirectory, .cannotWriteReport: .ioError
        }
    }

    /// One actionable sentence.
    package var userMessage: String {
        switch self {
        case .directoryInUse(let path):
            "'\(path)' already holds a pwaudit database; pass a new --dir or leave it out for a fresh temporary one"
        case .cannotCreateDirectory(let path, let reason):
            "cannot create the demo directory '\(path)': \(reason); pass a writable --dir"
        case .cannotWriteReport(let path, let reason):
            "cannot write the HTML report '\(path)': \(reason); check the directory's free space and permissions"
        }
    }
}
