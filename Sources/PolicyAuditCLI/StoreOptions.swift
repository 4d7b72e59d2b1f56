import PolicyAudit

/// The `--db` and `--key-file` options every persisting command shares, with their environment fallbacks.
enum StoreOptions {
    /// `--db PATH`.
    static let database = Option<String>(
        "--db", valueName: "PATH", help: "The database (default $PWAUDIT_DB, else ./pwaudit.db).")
    /// `--key-file PATH`.
    static let keyFile = Option<String>(
        "--key-file", valueName: "PATH", help: "The fingerprint key (default $PWAUDIT_KEY_FILE, else <db>.key).")

    /// Both options, for a command's declarations.
    static let all: [any DeclaredOption] = [database, keyFile]

    /// The location named by the options, the environment, or the defaults.
    static func location(_ arguments: ParsedArguments, context: CLIContext) -> AuditLocation {
        let database = arguments[database] ?? context.environment["PWAUDIT_DB"] ?? "pwaudit.db"
        let key = arguments[keyFile] ?? context.environment["PWAUDIT_KEY_FILE"]
        return AuditLocation(databasePath: context.resolve(database), keyPath: key.map(context.resolve))
    }

    /// Opens the existing database the options name, for a command that writes (it may migrate an older pwaudit
    /// schema; it refuses a file that is not a pwaudit database). The key is not looked at.
    static func open(_ arguments: ParsedArguments, context: CLIContext) throws -> AuditWorkspace {
        try AuditWorkspace.open(location(arguments, context: context))
    }

    /// Opens the existing database the options name, for a command that fingerprints passwords with its key (`import`,
    /// `check --record`): as `open`, and warns when the key file may be read by group or others.
    static func openForFingerprinting(_ arguments: ParsedArguments, context: CLIContext) throws -> AuditWorkspace {
        let workspace = try AuditWorkspace.open(location(arguments, context: context))
        warnAboutKey(workspace.location, exposedMode: workspace.exposedKeyMode, context: context)
        return workspace
    }

    /// Opens the existing database the options name read-only, for a command that only reads (never the key).
    static func openReadOnly(_ arguments: ParsedArguments, context: CLIContext) throws -> AuditWorkspace {
        try AuditWorkspace.openReadOnly(location(arguments, context: context))
    }

    /// Warns on stderr when the key file may be read by group or others.
    static func warnAboutKey(_ location: AuditLocation, exposedMode: Int?, context: CLIContext) {
        guard let mode = exposedMode else { return }
        let path = ShellQuote.word(location.keyPath)
        context.stderr.line(
            "warning: the fingerprint key \(location.keyPath) is readable by group or others (mode "
                + "0\(String(mode, radix: 8))); restrict it: chmod 600 \(path)")
    }
}
