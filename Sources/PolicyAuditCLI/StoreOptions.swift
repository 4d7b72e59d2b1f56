import PolicyAudit

/// The `--db` and `--key-file` options every persisting command shares, with their environment fallbacks.
enum StoreOptions {
    /// Option names to add to a command's spec.
    static let names: Set<String> = ["--db", "--key-file"]

    /// Help entries for the options.
    static let help: [CommandHelp.Entry] = [
        .init("--db PATH", "The database (default $PWAUDIT_DB, else ./pwaudit.db)."),
        .init("--key-file PATH", "The fingerprint key (default $PWAUDIT_KEY_FILE, else <db>.key)."),
    ]

    /// The location named by the options, the environment, or the defaults.
    static func location(_ arguments: ParsedArguments, context: CLIContext) -> AuditLocation {
        let database = arguments.value("--db") ?? context.environment["PWAUDIT_DB"] ?? "pwaudit.db"
        let key = arguments.value("--key-file") ?? context.environment["PWAUDIT_KEY_FILE"]
        return AuditLocation(databasePath: context.resolve(database), keyPath: key.map(context.resolve))
    }

    /// Opens the existing database the options name.
    static func open(_ arguments: ParsedArguments, context: CLIContext) throws -> AuditWorkspace {
        try AuditWorkspace.open(location(arguments, context: context))
    }
}
