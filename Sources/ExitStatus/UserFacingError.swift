/// An error pwaudit can show to its user: it says which exit code it ends the command with and what to tell them.
///
/// Every error type that can reach the command line conforms, each with an exhaustive `switch` over its cases (no
/// `default:`), so a new case cannot be added without a code and a message. The message is one sentence: no type
/// dump, no stack trace, and never a password, a CSV cell or a bound SQL value.
package protocol UserFacingError: Error, CustomStringConvertible {
    /// The code the command exits with when this error ends it (sysexits(3), see ``ExitCode``).
    var exitCode: ExitCode { get }
    /// One sentence saying what went wrong and, where it helps, what to do.
    var userMessage: String { get }
}

extension UserFacingError {
    /// The user message, so that interpolating the error prints what the user would read.
    package var description: String { userMessage }
}
