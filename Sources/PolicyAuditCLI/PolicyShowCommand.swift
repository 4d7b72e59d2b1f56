import PolicyAudit

/// `pwaudit policy show`: a stored version's canonical definition.
enum PolicyShowCommand: CLICommand {
    static let help = CommandHelp(
        name: "policy show", overview: "Print a version's canonical definition (NAME alone = latest).",
        usage: ["policy show NAME[@N]"], arguments: [.init("NAME[@N]", "The version (NAME alone = latest).")])

    static let options = StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        let reference = try arguments.positionals(count: 1...1, command: help.name, what: "NAME[@N]")[0]
        let workspace = try StoreOptions.openReadOnly(arguments, context: context)
        let version = try PolicyArgument.storedVersions([reference], workspace: workspace, command: help.name)[0]
        context.stdout.line(try PolicyDisplay.policy(version.definition))
        return .success
    }
}
