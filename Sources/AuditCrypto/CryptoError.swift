import ExitStatus

/// Failures of the crypto helpers; none carries key material or message bytes.
package enum CryptoError: Equatable, UserFacingError {
    /// The system random generator (`RAND_bytes`) could not produce bytes.
    case randomUnavailable
    /// A key had the wrong length.
    case wrongKeyLength(bytes: Int, expected: Int)

    /// The exit code a command ends with when this error stops it.
    package var exitCode: ExitCode {
        switch self {
        case .randomUnavailable: .ioError
        case .wrongKeyLength: .dataError
        }
    }

    /// One sentence saying what went wrong and what to do.
    package var userMessage: String {
        switch self {
        case .randomUnavailable:
            "The system random number generator is unavailable; check that /dev/urandom is readable."
        case .wrongKeyLength(let bytes, let expected):
            "The key is \(bytes) bytes long but must be exactly \(expected) bytes."
        }
    }
}
