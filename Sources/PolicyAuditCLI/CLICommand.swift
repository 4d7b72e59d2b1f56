/// One `pwaudit` subcommand: its help, the options it accepts, and what it does.
package protocol CLICommand {
    /// Help shown by `--help` and `pwaudit help <name>`; its `name` is the word typed after `pwaudit`.
    static var help: CommandHelp { get }
    /// The options the command accepts.
    static var spec: ParsedArguments.Spec { get }
    /// Runs the command on parsed arguments.
    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode
}
