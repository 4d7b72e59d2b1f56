import ExitStatus

/// The one place where errors become exit codes and one-line messages: each error type says its own
/// (`UserFacingError`); anything else is a bug.
package enum ErrorExitCode {
    /// The exit code for `error`: its own (sysexits: 64 usage, 65 bad data, 66 missing input, 74 I/O), or 70 for an
    /// error that is not a `UserFacingError`.
    package static func code(for error: any Error) -> ExitCode {
        (error as? any UserFacingError)?.exitCode ?? .internalError
    }

    /// The one-sentence message for `error`; never a type dump (but an unknown type's name), a bound value or a
    /// password.
    package static func message(for error: any Error) -> String {
        (error as? any UserFacingError)?.userMessage ?? "unexpected failure (\(type(of: error))); please report this"
    }
}
