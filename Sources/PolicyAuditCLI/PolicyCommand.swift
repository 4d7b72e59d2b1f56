/// `pwaudit policy`: add, list, show, diff stored policy versions, and find the one in force on a date.
enum PolicyCommand: CLICommandGroup {
    static var help: CommandHelp {
        CommandHelp(
            group: "policy", overview: "Store policy versions (immutable, dated), look them up and export them.",
            subcommands: subcommands, discussion: "See 'pwaudit help policy <subcommand>' for a subcommand's options.")
    }

    static var subcommands: [any CLICommand.Type] {
        [
            PolicyAddCommand.self, PolicyListCommand.self, PolicyShowCommand.self, PolicyDiffCommand.self,
            PolicyAtCommand.self, PolicyExportCommand.self,
        ]
    }
}
