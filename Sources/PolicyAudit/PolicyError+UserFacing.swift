import ExitStatus
import PasswordPolicy

/// The engine's `PolicyError` as the command line shows it. The conformance lives here, not in `PasswordPolicy`,
/// because the engine imports nothing but Foundation and an app using it has no use for exit codes.
extension PolicyError: UserFacingError {
    /// Bad data (65): the policy's definition is wrong.
    package var exitCode: ExitCode {
        switch self {
        case .malformedJSON, .invalid: .dataError
        }
    }

    /// The engine's own sentence, naming the key path at fault.
    package var userMessage: String { description }
}
