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
        // Line by line: the layout's newlines stay, a description's controls and bidi overrides are escaped.
        let shown = try PolicyDisplay.policy(version.definition)
        let lines = shown.split(separator: "\n", omittingEmptySubsequences: false)
        context.stdout.line(lines.map { ReportText.terminalSafe(String($0)) }.joined(separator: "\n"))
        return .success
    }
}
