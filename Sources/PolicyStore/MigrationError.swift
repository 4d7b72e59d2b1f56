import ExitStatus

/// Why a database's schema could not be brought up to date.
package enum MigrationError: Equatable, UserFacingError {
    /// The database records a schema version this binary does not know: a newer pwaudit migrated it.
    case databaseNewerThanBinary(found: Int, supported: Int)
    /// An applied migration's recorded checksum differs from the copy in this binary: a landed file was edited.
    case checksumMismatch(version: Int, name: String)
    /// The database is not pwaudit's: it holds `tableCount` tables but no `schema_migrations` (0: an empty file).
    case foreignDatabase(tableCount: Int)
    /// The database has an older pwaudit schema and this (read-only) open cannot migrate it.
    case databaseOlderThanBinary(found: Int, supported: Int)
    /// A migration's SQL failed; nothing of it was applied.
    case migrationFailed(version: Int, name: String, underlying: SQLiteError)

    /// The exit code a command ends with when this error stops it.
    package var exitCode: ExitCode {
        switch self {
        case .databaseNewerThanBinary, .checksumMismatch, .foreignDatabase, .databaseOlderThanBinary,
            .migrationFailed:
            .dataError
        }
    }

    /// One sentence with what to do.
    package var userMessage: String {
        switch self {
        case .databaseNewerThanBinary(let found, let supported):
            "This database was migrated by a newer pwaudit (schema \(found); this binary knows up to "
                + "\(supported)). Upgrade pwaudit."
        case .foreignDatabase(let count):
            count == 0
                ? "This file is empty, not a pwaudit database; create one with 'pwaudit init'."
                : "This is not a pwaudit database (an SQLite file with \(count) table(s) of another application and no "
                    + "pwaudit schema); pwaudit leaves it untouched: check the --db path."
        case .databaseOlderThanBinary(let found, let supported):
            "This database has pwaudit schema \(found); this binary needs schema \(supported) and read-only commands "
                + "never migrate: run 'pwaudit init' (or any write command) on it once, with write access."
        case .checksumMismatch(let version, let name):
            "Migration \(name) (version \(version)) applied to this database differs from the one in this binary; "
                + "a landed migration was edited — restore migrations/\(name).sql and add a new migration instead."
        case .migrationFailed(let version, let name, let underlying):
            "Migration \(name) (version \(version)) failed and was rolled back: \(underlying.message)."
        }
    }
}
