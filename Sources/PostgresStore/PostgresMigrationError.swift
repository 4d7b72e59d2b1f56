import ExitStatus

/// Why a PostgreSQL database's schema could not be used or brought up to date.
package enum PostgresMigrationError: Error, Equatable, UserFacingError {
    /// The database records a schema version this binary does not know: a newer pwaudit migrated it.
    case databaseNewerThanBinary(found: Int, supported: Int)
    /// An applied migration's recorded checksum differs from the copy in this binary: a landed file was edited.
    case checksumMismatch(version: Int, name: String)
    /// The schema holds `tableCount` tables of another application and no pwaudit schema.
    case foreignDatabase(tableCount: Int)
    /// The database has no table at all: `pwaudit init` has not been run on it.
    case notInitialized
    /// The database has an older pwaudit schema and this (read-only) open cannot migrate it.
    case databaseOlderThanBinary(found: Int, supported: Int)
    /// A migration's SQL failed; nothing of it was applied.
    case migrationFailed(version: Int, name: String, underlying: PostgresError)

    /// Bad data (65) for a database pwaudit cannot use as it is; the underlying error's code for a failed migration.
    package var exitCode: ExitCode {
        switch self {
        case .databaseNewerThanBinary, .checksumMismatch, .foreignDatabase, .notInitialized, .databaseOlderThanBinary:
            .dataError
        case .migrationFailed(_, _, let underlying): underlying.exitCode
        }
    }

    /// One sentence with what to do.
    package var userMessage: String {
        switch self {
        case .databaseNewerThanBinary(let found, let supported):
            "This PostgreSQL database was migrated by a newer pwaudit (schema \(found); this binary knows up to "
                + "\(supported)). Upgrade pwaudit."
        case .checksumMismatch(let version, let name):
            "Migration \(name) (version \(version)) applied to this PostgreSQL database differs from the one in this "
                + "binary; a landed migration was edited — restore migrations/postgresql/\(name).sql and add a new "
                + "migration instead."
        case .foreignDatabase(let count):
            "This PostgreSQL database is not pwaudit's (its schema holds \(count) table(s) of another application and "
                + "no pwaudit schema); pwaudit leaves it untouched: check the --db URI or create a database for pwaudit."
        case .notInitialized:
            "This PostgreSQL database has no pwaudit schema yet; create it with 'pwaudit init --db <URI>'."
        case .databaseOlderThanBinary(let found, let supported):
            "This PostgreSQL database has pwaudit schema \(found); this binary needs schema \(supported) and read-only "
                + "commands never migrate: run 'pwaudit init' (or any write command) on it once, as a role that may "
                + "change its schema."
        case .migrationFailed(let version, let name, let underlying):
            "Migration \(name) (version \(version)) failed and was rolled back: \(underlying.userMessage)."
        }
    }
}
