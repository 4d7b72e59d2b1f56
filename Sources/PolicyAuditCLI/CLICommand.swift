/// One `pwaudit` subcommand: its help, the options it declares, its own subcommands, and what it does.
package protocol CLICommand {
    /// Help shown by `--help` and `pwaudit help <name>`; its `name` is the full command (`policy add`), whose last
    /// word is what is typed (see `word`). The `OPTIONS:` section comes from `options`.
    static var help: CommandHelp { get }
    /// The options the command accepts, in the order its help lists them (`-h, --help` is implied).
    static var options: [any DeclaredOption] { get }
    /// Nested commands (`policy add`), each with its own help and options; empty for a plain command.
    static var subcommands: [any CLICommand.Type] { get }
    /// The subcommand run when none is named (`runs` lists runs); nil when one must be named.
    static var defaultSubcommand: (any CLICommand.Type)? { get }
    /// Runs the command on parsed arguments.
    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode
}

extension CLICommand {
    /// No options by default.
    package static var options: [any DeclaredOption] { [] }
    /// No subcommands by default.
    package static var subcommands: [any CLICommand.Type] { [] }
    /// No default subcommand by default.
    package static var defaultSubcommand: (any CLICommand.Type)? { nil }

    /// The word typed for the command: the last word of its name (`add` of `policy add`).
    package static var word: String { help.name.split(separator: " ").last.map(String.init) ?? help.name }

    /// The subcommand typed as `word`, if there is one.
    package static func subcommand(named word: String) -> (any CLICommand.Type)? {
        subcommands.first { $0.word == word }
    }

    /// The usage line a usage error of this command prints: a group's is its words (`pwaudit policy
    /// <add|list|…> [options]`), any other command's its first usage entry.
    package static var usageLine: String {
        guard subcommands.isEmpty else {
            let words = subcommands.map { $0.word }.joined(separator: "|")
            return "pwaudit \(help.name) <\(words)> [options]"
        }
        return help.usageLine
    }

    /// The text `--help` prints: the help with its options (and `-h, --help`) as the `OPTIONS:` section.
    package static var helpText: String { help.rendered(options: options + [Flag.help]) }
}
