/// Brings a database's schema up to the binary's newest migration, one transaction per migration.
///
/// Applied migrations are recorded in `schema_migrations(version, name, checksum, applied_at)`. Running the
/// migrator again is a no-op. It refuses a database migrated by a newer binary and one whose applied migration
/// text differs from the embedded copy (checksum). Each migration runs in `BEGIN IMMEDIATE`, so two processes
/// migrating the same file serialize and the second finds nothing to do.
package struct Migrator: Sendable {
    /// The migrations this migrator applies, in version order.
    package let migrations: [Migration]

    /// Creates a migrator; by default for the migrations compiled into the binary.
    package init(migrations: [Migration] = Migration.embedded) {
        precondition(
            migrations.enumerated().allSatisfy { $0.element.version == $0.offset + 1 },
            "migrations must be numbered 1, 2, 3, … without gaps")
        self.migrations = migrations
    }

    /// The newest schema version this migrator knows.
    package var newestVersion: Int { migrations.last?.version ?? 0 }

    /// Applies every missing migration to `database`.
    /// - Returns: The versions applied by this call (empty when already up to date).
    /// - Throws: `MigrationError` (newer database, edited migration, failing SQL) or `SQLiteError`
    ///   (for example `SQLITE_NOTADB` when the file is not a database).
    @discardableResult
    package func migrate(_ database: Database) throws -> [Int] {
        try database.execute(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                checksum TEXT NOT NULL,
                applied_at TEXT NOT NULL
            ) STRICT
            """)
        try verify(try appliedMigrations(database))
        var applied: [Int] = []
        for migration in migrations {
            let didApply = try database.inTransaction { () throws -> Bool in
                // Re-read inside the write lock: another process may have applied it meanwhile.
                let current = try appliedMigrations(database)
                try verify(current)
                guard !current.contains(where: { $0.version == migration.version }) else { return false }
                do throws(SQLiteError) {
                    try database.execute(migration.sql)
                } catch {
                    throw MigrationError.migrationFailed(
                        version: migration.version, name: migration.name, underlying: error)
                }
                try database.execute(
                    "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)",
                    [
                        .integer(Int64(migration.version)), .text(migration.name), .text(migration.checksum),
                        .text(Timestamp.now()),
                    ])
                return true
            }
            if didApply { applied.append(migration.version) }
        }
        return applied
    }

    /// The rows of `schema_migrations` in version order (empty if the table does not exist yet).
    package func appliedMigrations(_ database: Database) throws(SQLiteError) -> [AppliedMigration] {
        let exists = try database.cachedStatement(
            "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'")
        guard try exists.step() else { return [] }
        exists.reset()
        let statement = try database.cachedStatement(
            "SELECT version, name, checksum, applied_at FROM schema_migrations ORDER BY version")
        var rows: [AppliedMigration] = []
        while try statement.step() {
            rows.append(
                AppliedMigration(
                    version: statement.int(at: 0), name: statement.string(at: 1) ?? "",
                    checksum: statement.string(at: 2) ?? "", appliedAt: statement.string(at: 3) ?? ""))
        }
        return rows
    }

    private func verify(_ applied: [AppliedMigration]) throws(MigrationError) {
        if let newest = applied.map(\.version).max(), newest > newestVersion {
            throw .databaseNewerThanBinary(found: newest, supported: newestVersion)
        }
        for row in applied {
            guard let migration = migrations.first(where: { $0.version == row.version }) else { continue }
            if migration.checksum != row.checksum {
                throw .checksumMismatch(version: migration.version, name: migration.name)
            }
        }
    }
}
