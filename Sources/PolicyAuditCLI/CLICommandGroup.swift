/// A command that only groups subcommands (`policy`): typed without one, it names them (unless it has a default).
package protocol CLICommandGroup: CLICommand {}

extension CLICommandGroup {
    /// Reached only when no subcommand is named and there is no default: a usage error naming the subcommands.
    package static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        let words = subcommands.map { $0.word }.joined(separator: ", ")
        throw UsageError("missing subcommand (\(words))", command: help.name)
    }
}
