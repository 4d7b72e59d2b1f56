import ExitStatus

/// A mistake on the command line, reported with the command's usage line and exit 64.
package struct UsageError: Equatable, UserFacingError {
    /// What was wrong, as one sentence.
    package let message: String
    /// The command whose usage applies (`check`, `policy add`), or nil for the top level.
    package let command: String?

    /// Creates a usage error for a command.
    package init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    /// Always `.usage` (64).
    package var exitCode: ExitCode { .usage }

    /// The message, as given.
    package var userMessage: String { message }
}
