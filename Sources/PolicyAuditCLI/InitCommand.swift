import PolicyAudit
import PolicyReports

/// `pwaudit init`: creates the database and its fingerprint key.
enum InitCommand: CLICommand {
    static let help = CommandHelp(
        name: "init",
        overview: "Create an audit database and its fingerprint key (or upgrade an existing database).",
        usage: ["init [--db PATH] [--key-file PATH]"],
        discussion: """
            The key (32 random bytes, mode 0600) keys the HMAC-SHA256 fingerprints of passwords; it lives outside
            the database. Keep it with the database: without it, new imports cannot be matched with old ones.
            On a PostgreSQL server, init also creates the roles <db>_writer and <db>_reader and says so; when the
            connecting role may not create roles, it prints the SQL for an administrator to run instead (exit 0).
            """)

    static let options = StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        _ = try arguments.positionals(count: 0...0, command: "init", what: "")
        let location = StoreOptions.location(arguments, context: context)
        let (workspace, createdKey) = try AuditWorkspace.initialize(location, stores: context.stores)
        StoreOptions.warnAboutKey(location, exposedMode: workspace.exposedKeyMode, context: context)
        let keyPath = try location.requiredKeyPath()  // initialize refused a location without one
        context.stdout.line("database: \(ReportText.terminalSafe(location.address.displayText))")
        context.stdout.line("key:      \(ReportText.terminalSafe(keyPath))\(createdKey ? " (new)" : "")")
        for note in workspace.setupNotes { context.stdout.line(ReportText.terminalSafe(note)) }
        return .success
    }
}
