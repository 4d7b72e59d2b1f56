/// `pwaudit completions bash|zsh|fish`: prints the shell's completion script, generated from the same option
/// declarations as `--help`.
enum CompletionsCommand: CLICommand {
    static let help = CommandHelp(
        name: "completions",
        overview: "Print the completion script for bash, zsh or fish.",
        usage: ["completions bash|zsh|fish"],
        arguments: [.init("SHELL", "bash, zsh or fish.")],
        discussion: """
            The script completes subcommands, options, the values a usage line lists for an option (a report's
            format, history's buckets), files, and stored policy names, which it asks 'pwaudit policy list' for,
            against the store named on the line or the default.
            Load it for this shell:  source <(pwaudit completions bash)   (zsh: after compinit)
                                     pwaudit completions fish | source
            The Debian package installs all three where the shells look for them.
            """)

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        let word = try arguments.positionals(count: 1...1, command: help.name, what: "SHELL (bash, zsh or fish)")[0]
        guard let shell = CompletionShell(rawValue: word) else {
            throw UsageError("unknown shell '\(word)' (bash, zsh or fish)", command: help.name)
        }
        context.stdout.write(CompletionScript.script(for: shell))
        return .success
    }
}
