/// The one place where errors become exit codes and one-line messages.
package enum ErrorExitCode {
    /// The exit code for `error`.
    package static func code(for error: any Error) -> ExitCode {
        switch error {
        case is UsageError: return .usage
        default: return .internalError
        }
    }

    /// The one-sentence message for `error`; never a type dump.
    package static func message(for error: any Error) -> String {
        switch error {
        case let error as UsageError: return error.message
        default: return "unexpected failure (\(type(of: error)))"
        }
    }
}
