/// Why a database's schema could not be brought up to date.
package enum MigrationError: Error, Equatable, CustomStringConvertible {
    /// The database records a schema version this binary does not know: a newer pwaudit migrated it.
    case databaseNewerThanBinary(found: Int, supported: Int)
    /// An applied migration's recorded checksum differs from the copy in this binary: a landed file was edited.
    case checksumMismatch(version: Int, name: String)
    /// A migration's SQL failed; nothing of it was applied.
    case migrationFailed(version: Int, name: String, underlying: SQLiteError)

    /// One sentence with what to do.
    package var description: String {
        switch self {
        case .databaseNewerThanBinary(let found, let supported):
            "This database was migrated by a newer pwaudit (schema \(found); this binary knows up to "
                + "\(supported)). Upgrade pwaudit."
        case .checksumMismatch(let version, let name):
            "Migration \(name) (version \(version)) applied to this database differs from the one in this binary; "
                + "a landed migration was edited — restore migrations/\(name).sql and add a new migration instead."
        case .migrationFailed(let version, let name, let underlying):
            "Migration \(name) (version \(version)) failed and was rolled back: \(underlying.message)."
        }
    }
}
