/// `pwaudit corpus`: tools for the breach corpora `hibp:` and `hibp-ntlm:` lists name.
enum CorpusCommand: CLICommandGroup {
    static var help: CommandHelp {
        CommandHelp(
            group: "corpus", overview: "Check a breach corpus (Have I Been Pwned's SHA-1 or NTLM file).",
            subcommands: subcommands, discussion: "See 'pwaudit help corpus <subcommand>' for a subcommand's options.")
    }

    static var subcommands: [any CLICommand.Type] { [CorpusVerifyCommand.self] }
}
