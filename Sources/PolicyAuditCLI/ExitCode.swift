import ExitStatus

/// The process exit status of a command: the CLI's name for `ExitStatus.ExitCode`, the type every error's
/// `exitCode` has, so that commands return it without importing `ExitStatus` themselves.
package typealias ExitCode = ExitStatus.ExitCode
