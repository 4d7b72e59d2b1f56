/// One `pwaudit` subcommand: its help, the options it declares, and what it does.
package protocol CLICommand {
    /// Help shown by `--help` and `pwaudit help <name>`; its `name` is the word typed after `pwaudit`. The
    /// `OPTIONS:` section comes from `options`.
    static var help: CommandHelp { get }
    /// The options the command accepts, in the order its help lists them (`-h, --help` is implied).
    static var options: [any DeclaredOption] { get }
    /// Runs the command on parsed arguments.
    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode
}

extension CLICommand {
    /// The text `--help` prints: the help with its options (and `-h, --help`) as the `OPTIONS:` section.
    package static var helpText: String { help.rendered(options: options + [Flag.help]) }
}
