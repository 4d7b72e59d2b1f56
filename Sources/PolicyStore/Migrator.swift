import AuditRepositories

/// Brings a database's schema up to the binary's newest migration, one transaction per migration.
///
/// Applied migrations are recorded in `schema_migrations(version, name, checksum, applied_at)`. Running the
/// migrator again is a no-op. It refuses a database migrated by a newer binary and one whose applied migration
/// text differs from the embedded copy (checksum). Each migration runs in `BEGIN IMMEDIATE`, so two processes
/// migrating the same file serialize and the second finds nothing to do.
///
/// It never adds a table to a database that is not pwaudit's: `migrate` creates the schema only in an empty database
/// and refuses one that holds tables but not pwaudit's `schema_migrations` (`MigrationError.foreignDatabase`, see
/// `SchemaState`). Migrations run
/// with foreign keys off (a rebuilt table could not be dropped otherwise, see
/// <https://www.sqlite.org/lang_altertable.html#otheralter>); each one is refused if it leaves more foreign-key
/// violations than it found (`PRAGMA foreign_key_check`).
package struct Migrator: Sendable {
    /// The migrations this migrator applies, in version order.
    package let migrations: [SchemaMigration]

    /// Creates a migrator; by default for the migrations compiled into the binary.
    package init(migrations: [SchemaMigration] = Migrator.embedded) {
        precondition(
            migrations.enumerated().allSatisfy { $0.element.version == $0.offset + 1 },
            "migrations must be numbered 1, 2, 3, … without gaps")
        self.migrations = migrations
    }

    /// The newest schema version this migrator knows.
    package var newestVersion: Int { migrations.last?.version ?? 0 }

    /// The columns of pwaudit's `schema_migrations`, in order.
    private static let migrationTableColumns = ["version", "name", "checksum", "applied_at"]

    /// Reads what `database` holds without changing it, classified as `SchemaState` classifies every store's.
    ///
    /// Tables are those of `sqlite_schema` but SQLite's own; pwaudit's `schema_migrations` is one with pwaudit's four
    /// columns, `version INTEGER`. Only those reads run, so a foreign schema never meets pwaudit's SQL.
    /// - Throws: `SQLiteError` (for example `SQLITE_NOTADB` when the file is not a database).
    package func state(of database: Database) throws(SQLiteError) -> SchemaState {
        let statement = try database.cachedStatement(
            "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
        defer { statement.reset() }
        _ = try statement.step()
        let tables = statement.int(at: 0)
        return SchemaState(
            tableCount: tables, applied: try hasMigrationTable(database) ? try appliedMigrations(database) : nil,
            known: migrations)
    }

    /// Checks that `database` is a pwaudit database this binary can read as it is: not newer, no edited migration,
    /// nothing missing.
    /// - Throws: `MigrationError.foreignDatabase`, `.databaseNewerThanBinary`, `.checksumMismatch`, or
    ///   `.databaseOlderThanBinary` when a write command (or `pwaudit init`) must migrate it first.
    package func verifyCurrent(_ database: Database) throws {
        switch try state(of: database) {
        case .empty: throw MigrationError.foreignDatabase(tableCount: 0)
        case .foreign(let count): throw MigrationError.foreignDatabase(tableCount: count)
        case .pwaudit(let version):
            try verify(try appliedMigrations(database))
            if version < newestVersion {
                throw MigrationError.databaseOlderThanBinary(found: version, supported: newestVersion)
            }
        }
    }

    /// Applies every missing migration to `database`.
    /// - Returns: The versions applied by this call (empty when already up to date).
    /// - Throws: `MigrationError` (another application's database, newer database, edited migration, failing SQL)
    ///   or `SQLiteError` (for example `SQLITE_NOTADB` when the file is not a database).
    @discardableResult
    package func migrate(_ database: Database) throws -> [Int] {
        if case .foreign(let count) = try state(of: database) {
            throw MigrationError.foreignDatabase(tableCount: count)
        }
        let found = try appliedMigrations(database)
        try verify(found)
        // Up to date: no write transaction at all, so opening never waits behind an import's write lock.
        let missing = migrations.filter { migration in !found.contains { $0.version == migration.version } }
        guard !missing.isEmpty else { return [] }
        // Migration 0009 rewrites stored times with the import's own parser.
        try StoredInstantFunction.register(on: database)
        // https://www.sqlite.org/pragma.html#pragma_foreign_keys: only changes outside a transaction.
        let switchesForeignKeys = !database.isInsideTransaction
        if switchesForeignKeys { try database.execute("PRAGMA foreign_keys = OFF") }
        defer { if switchesForeignKeys { try? database.execute("PRAGMA foreign_keys = ON") } }
        var applied: [Int] = []
        for migration in missing {
            let didApply = try database.inTransaction { () throws -> Bool in
                try database.execute(
                    """
                    CREATE TABLE IF NOT EXISTS schema_migrations (
                        version INTEGER PRIMARY KEY,
                        name TEXT NOT NULL,
                        checksum TEXT NOT NULL,
                        applied_at TEXT NOT NULL
                    ) STRICT
                    """)
                // Re-read inside the write lock: another process may have applied it meanwhile.
                let current = try appliedMigrations(database)
                try verify(current)
                guard !current.contains(where: { $0.version == migration.version }) else { return false }
                let violationsBefore = try foreignKeyViolations(database)
                do throws(SQLiteError) {
                    try database.execute(migration.sql)
                } catch {
                    throw MigrationError.migrationFailed(
                        version: migration.version, name: migration.name, underlying: error)
                }
                if try foreignKeyViolations(database) > violationsBefore {
                    throw MigrationError.migrationFailed(
                        version: migration.version, name: migration.name,
                        underlying: SQLiteError(
                            extendedCode: 787, message: "FOREIGN KEY constraint failed (PRAGMA foreign_key_check)"))
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

    /// Rows violating a foreign key (orphans an older pwaudit may have left are counted too, and tolerated).
    private func foreignKeyViolations(_ database: Database) throws(SQLiteError) -> Int {
        let statement = try database.makeStatement("SELECT count(*) FROM pragma_foreign_key_check")
        _ = try statement.step()
        return statement.int(at: 0)
    }

    /// True when a `schema_migrations` table exists with pwaudit's columns (`version` an integer); a table of that
    /// name with other columns belongs to another application's migration tool.
    private func hasMigrationTable(_ database: Database) throws(SQLiteError) -> Bool {
        // The PRAGMA, not the `pragma_table_info` table-valued function: that one would bring an eponymous virtual
        // table into the connection, and with it change what `pwaudit query`'s authorizer sees on the same connection.
        let columns = try database.cachedStatement("PRAGMA table_info(schema_migrations)")
        defer { columns.reset() }
        var names: [String] = []
        var versionIsInteger = false
        while try columns.step() {  // cid, name, type, notnull, dflt_value, pk: in column order
            let name = columns.string(at: 1) ?? ""
            names.append(name)
            if name == "version" { versionIsInteger = columns.string(at: 2)?.uppercased() == "INTEGER" }
        }
        return names == Self.migrationTableColumns && versionIsInteger
    }

    /// The rows of `schema_migrations` in version order (empty if pwaudit's table does not exist yet).
    package func appliedMigrations(_ database: Database) throws(SQLiteError) -> [AppliedMigration] {
        guard try hasMigrationTable(database) else { return [] }
        let statement = try database.cachedStatement(
            "SELECT version, name, checksum FROM schema_migrations ORDER BY version")
        var rows: [AppliedMigration] = []
        while try statement.step() {
            rows.append(
                AppliedMigration(
                    version: statement.int(at: 0), name: statement.string(at: 1) ?? "",
                    checksum: statement.string(at: 2) ?? ""))
        }
        return rows
    }

    private func verify(_ applied: [AppliedMigration]) throws(MigrationError) {
        switch SchemaMismatch(applied: applied, known: migrations) {
        case .newer(let found, let supported)?: throw .databaseNewerThanBinary(found: found, supported: supported)
        case .edited(let version, let name)?: throw .checksumMismatch(version: version, name: name)
        case nil: return
        }
    }
}
