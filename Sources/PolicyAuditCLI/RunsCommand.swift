/// `pwaudit runs`: lists import runs (stale ones included) and deletes them.
enum RunsCommand: CLICommandGroup {
    static var help: CommandHelp {
        CommandHelp(
            group: "runs", overview: "List import runs, or delete one with everything it stored.",
            subcommands: subcommands,
            discussion: """
                'pwaudit runs' alone is 'pwaudit runs list'. See 'pwaudit help runs <subcommand>' for a subcommand's
                options.
                """)
    }

    static var subcommands: [any CLICommand.Type] { [RunsListCommand.self, RunsDeleteCommand.self] }

    static var defaultSubcommand: (any CLICommand.Type)? { RunsListCommand.self }
}
