import ExitStatus
import PolicyInterchange

/// `PolicyInterchange`'s `InterchangeError` as the command line shows it; the conformance lives here because the
/// interchange module, like the engine, knows nothing of exit codes.
extension InterchangeError: UserFacingError {
    /// Bad data (65): libpwquality would refuse the file too.
    package var exitCode: ExitCode {
        switch self {
        case .confLineTooLong, .confBadInteger: .dataError
        }
    }

    /// The module's own sentence, naming the line.
    package var userMessage: String { description }
}
