import ExitStatus

/// Why the demo sample could not be written.
package enum DemoSampleError: Equatable, Sendable, UserFacingError {
    /// The output file could not be created.
    case cannotCreate(path: String, reason: String)
    /// Writing the output failed part way.
    case writeFailed(reason: String)

    /// The exit code a command ends with when this error stops it.
    package var exitCode: ExitCode {
        switch self {
        case .cannotCreate, .writeFailed: .ioError
        }
    }

    /// One actionable sentence.
    package var userMessage: String {
        switch self {
        case .cannotCreate(let path, let reason):
            "Cannot create the demo CSV '\(path)': \(reason); choose a writable path."
        case .writeFailed(let reason):
            "Writing the demo CSV failed: \(reason); check the free space and the output."
        }
    }
}
