import AuditRepositories
import PolicyAudit

/// The `--db` and `--key-file` options every persisting command shares, with their environment fallbacks.
enum StoreOptions {
    /// `--db PATH|URI`.
    static let database = Option<String>(
        "--db", valueName: "PATH|URI",
        help: "The database file, or a postgresql:// URI (default $PWAUDIT_DB, else ./pwaudit.db).")
    /// `--key-file PATH`.
    static let keyFile = Option<String>(
        "--key-file", valueName: "PATH",
        help: "The fingerprint key (default $PWAUDIT_KEY_FILE, else <db>.key; required with a postgresql:// --db).")

    /// Both options, for a command's declarations.
    static let all: [any DeclaredOption] = [database, keyFile]

    /// The store `value` names: a `postgresql://` or `postgres://` URI as it is, else a file path resolved against
    /// the context's directory.
    static func address(_ value: String, context: CLIContext) -> StoreAddress {
        switch StoreAddress(value) {
        case .sqliteFile(let path): .sqliteFile(path: context.resolve(path))
        case .postgres(let uri): .postgres(uri: uri)
        }
    }

    /// The location named by the options, the environment, or the defaults.
    static func location(_ arguments: ParsedArguments, context: CLIContext) -> AuditLocation {
        let database = arguments[database] ?? context.environment["PWAUDIT_DB"] ?? "pwaudit.db"
        let key = arguments[keyFile] ?? context.environment["PWAUDIT_KEY_FILE"]
        return AuditLocation(address: address(database, context: context), keyPath: key.map(context.resolve))
    }

    /// What no file a command writes may be: the store's own files on this machine and the key file.
    static func protectedFiles(_ arguments: ParsedArguments, context: CLIContext) -> [ProtectedFile] {
        location(arguments, context: context).protectedFiles(context.stores)
    }

    /// Opens the existing store the options name, for a command that writes (it may migrate an older pwaudit
    /// schema; it refuses what is not a pwaudit store). The key is not looked at, but a command that will fingerprint
    /// (`keyed`) is refused before anything is opened when no key file is named for a store that keeps none.
    static func open(_ arguments: ParsedArguments, context: CLIContext, keyed: Bool = false) throws -> AuditWorkspace {
        let location = location(arguments, context: context)
        if keyed { _ = try location.requiredKeyPath() }
        return try AuditWorkspace.open(location, stores: context.stores)
    }

    /// Opens the existing store the options name, for a command that fingerprints passwords with its key (`import`,
    /// `check --record`): as `open` (`keyed`), and warns when the key file may be read by group or others.
    static func openForFingerprinting(_ arguments: ParsedArguments, context: CLIContext) throws -> AuditWorkspace {
        let workspace = try open(arguments, context: context, keyed: true)
        warnAboutKey(workspace.location, exposedMode: workspace.exposedKeyMode, context: context)
        return workspace
    }

    /// Opens the existing store the options name read-only, for a command that only reads (never the key).
    static func openReadOnly(_ arguments: ParsedArguments, context: CLIContext) throws -> AuditWorkspace {
        try AuditWorkspace.openReadOnly(location(arguments, context: context), stores: context.stores)
    }

    /// Warns on stderr when the key file may be read by group or others.
    static func warnAboutKey(_ location: AuditLocation, exposedMode: Int?, context: CLIContext) {
        guard let mode = exposedMode, let keyPath = location.keyPath else { return }
        let path = ShellQuote.word(keyPath)
        context.stderr.line(
            "warning: the fingerprint key \(keyPath) is readable by group or others (mode "
                + "0\(String(mode, radix: 8))); restrict it: chmod 600 \(path)")
    }
}
