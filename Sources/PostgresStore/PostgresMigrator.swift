import AuditRepositories

/// Brings a PostgreSQL database's schema up to the binary's newest migration, one transaction per migration, as
/// `Migrator` does for SQLite.
///
/// Everything lives in the connection's current schema (`current_schema()`, normally `public`). Applied migrations are
/// recorded in `schema_migrations(version, name, checksum, applied_at)`. Running the migrator again is a no-op. It
/// refuses a database migrated by a newer binary, one whose applied migration text differs from the embedded copy
/// (checksum), and one whose schema holds tables but not pwaudit's (`foreignDatabase`): it creates the schema only
/// where there is no table. PostgreSQL's DDL is transactional, so a migration that fails leaves nothing behind; each
/// one runs holding a transaction-level advisory lock (`migrationLockKey`), so two processes migrating the same
/// database serialise and the second finds nothing to do.
package struct PostgresMigrator: Sendable {
    /// The migrations this migrator applies, in version order.
    package let migrations: [SchemaMigration]

    /// The advisory lock (one-key form) held while a migration runs: "pwaudit" in ASCII, then 0x4D ('M').
    package static let migrationLockKey: Int64 = 0x7077_6175_6469_744D

    /// Creates a migrator; by default for the migrations compiled into the binary.
    package init(migrations: [SchemaMigration] = PostgresMigrator.embedded) {
        precondition(
            migrations.enumerated().allSatisfy { $0.element.version == $0.offset + 1 },
            "migrations must be numbered 1, 2, 3, … without gaps")
        self.migrations = migrations
    }

    /// The newest schema version this migrator knows.
    package var newestVersion: Int { migrations.last?.version ?? 0 }

    /// Reads what the connection's current schema holds without changing it, classified as `SchemaState` classifies
    /// every store's.
    ///
    /// Tables are the current schema's (plain, partitioned and foreign); pwaudit's `schema_migrations` is one with
    /// pwaudit's four columns in order, `version` an integer.
    package func state(of connection: PostgresConnection) throws(PostgresError) -> SchemaState {
        let tables =
            try connection.firstRow(
                """
                SELECT count(*) FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'f')
                """
            )?.int(at: 0) ?? 0
        return SchemaState(
            tableCount: tables, applied: try hasMigrationTable(connection) ? try appliedMigrations(connection) : nil,
            known: migrations)
    }

    /// Checks that the database is a pwaudit database this binary can read as it is: not newer, no edited migration,
    /// nothing missing. A read never migrates. A role that may not read `schema_migrations` (the reader) is let through
    /// on the table's shape alone (`isPwauditSchemaHiddenFromRole`).
    /// - Throws: `PostgresMigrationError` (`.notInitialized`, `.foreignDatabase`, `.databaseNewerThanBinary`,
    ///   `.checksumMismatch`, `.databaseOlderThanBinary`), or `PostgresError`.
    package func verifyCurrent(_ connection: PostgresConnection) throws {
        if try isPwauditSchemaHiddenFromRole(connection) { return }
        switch try state(of: connection) {
        case .empty: throw PostgresMigrationError.notInitialized
        case .foreign(let count): throw PostgresMigrationError.foreignDatabase(tableCount: count)
        case .pwaudit(let version):
            try verify(try appliedMigrations(connection))
            if version < newestVersion {
                throw PostgresMigrationError.databaseOlderThanBinary(found: version, supported: newestVersion)
            }
        }
    }

    /// Applies every missing migration.
    /// - Returns: The versions applied by this call (empty when already up to date).
    /// - Throws: `PostgresMigrationError` or `PostgresError`.
    @discardableResult
    package func migrate(_ connection: PostgresConnection) throws -> [Int] {
        if case .foreign(let count) = try state(of: connection) {
            throw PostgresMigrationError.foreignDatabase(tableCount: count)
        }
        let found = try appliedMigrations(connection)
        try verify(found)
        let missing = migrations.filter { migration in !found.contains { $0.version == migration.version } }
        guard !missing.isEmpty else { return [] }
        var applied: [Int] = []
        for migration in missing {
            let didApply = try connection.inTransaction { () throws -> Bool in
                try connection.execute("SELECT pg_advisory_xact_lock($1)", [.integer(Self.migrationLockKey)])
                try connection.execute(
                    """
                    CREATE TABLE IF NOT EXISTS schema_migrations (
                        version integer PRIMARY KEY,
                        name text NOT NULL,
                        checksum text NOT NULL,
                        applied_at timestamptz NOT NULL
                    )
                    """)
                // Re-read under the lock: another process may have applied it meanwhile.
                let current = try appliedMigrations(connection)
                try verify(current)
                guard !current.contains(where: { $0.version == migration.version }) else { return false }
                do throws(PostgresError) {
                    try connection.execute(migration.sql)
                } catch {
                    throw PostgresMigrationError.migrationFailed(
                        version: migration.version, name: migration.name, underlying: error)
                }
                try connection.execute(
                    "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES ($1, $2, $3, now())",
                    [.integer(Int64(migration.version)), .text(migration.name), .text(migration.checksum)])
                // Tables and views this migration made (or dropped and made again) reach the roles init created.
                try PostgresRoleSetup.regrant(on: connection)
                return true
            }
            if didApply { applied.append(migration.version) }
        }
        return applied
    }

    /// For a write command's opening: brings an older pwaudit schema up to date, and refuses a database with none
    /// (only `init`, through `migrate`, creates one).
    /// - Returns: The versions applied.
    /// - Throws: `PostgresMigrationError.notInitialized` (no table), `.foreignDatabase`, as `migrate` otherwise.
    @discardableResult
    package func upgrade(_ connection: PostgresConnection) throws -> [Int] {
        switch try state(of: connection) {
        case .empty: throw PostgresMigrationError.notInitialized
        case .foreign(let count): throw PostgresMigrationError.foreignDatabase(tableCount: count)
        case .pwaudit: return try migrate(connection)
        }
    }

    /// True when the current schema holds pwaudit's `schema_migrations` (its four columns, as the catalog shows them to
    /// any role) but the connected role may not read it: `<db>_reader`, which may `SELECT` the `v_*` views only
    /// (`PostgresRoles`). Such a role cannot see the schema's version, so a reader connected as it takes the schema as
    /// it is: it reads nothing but the views, which the migrations keep.
    func isPwauditSchemaHiddenFromRole(_ connection: PostgresConnection) throws(PostgresError) -> Bool {
        let row = try connection.firstRow(
            """
            SELECT NOT pg_catalog.has_table_privilege(c.oid, 'SELECT'),
                   array_to_string(ARRAY(SELECT a.attname || ' ' || pg_catalog.format_type(a.atttypid, a.atttypmod)
                                         FROM pg_catalog.pg_attribute a
                                         WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                                         ORDER BY a.attnum), ',')
            FROM pg_catalog.pg_class c
            WHERE c.relnamespace = (SELECT n.oid FROM pg_catalog.pg_namespace n WHERE n.nspname = current_schema())
              AND c.relname = 'schema_migrations'
              AND c.relkind = 'r'
            """)
        guard let row, try row.bool(at: 0) else { return false }
        let columns = row.string(at: 1) ?? ""
        return ["integer", "bigint"].contains {
            columns == "version \($0),name text,checksum text,applied_at timestamp with time zone"
        }
    }

    /// The rows of `schema_migrations` in version order (empty if pwaudit's table does not exist yet).
    package func appliedMigrations(_ connection: PostgresConnection) throws(PostgresError) -> [AppliedMigration] {
        guard try hasMigrationTable(connection) else { return [] }
        return try connection.rows("SELECT version, name, checksum FROM schema_migrations ORDER BY version").map {
            row throws(PostgresError) in
            AppliedMigration(
                version: try row.int(at: 0), name: row.string(at: 1) ?? "", checksum: row.string(at: 2) ?? "")
        }
    }

    /// True when the current schema has a `schema_migrations` with pwaudit's columns, in order, `version` an integer,
    /// that the connected role may see (owns, or holds a right on a column of, as `information_schema.columns` shows
    /// them). Read from `pg_catalog`: the `information_schema` view took 20 ms of every command's 0.1 s.
    private func hasMigrationTable(_ connection: PostgresConnection) throws(PostgresError) -> Bool {
        let columns = try connection.rows(
            """
            SELECT a.attname, pg_catalog.format_type(a.atttypid, NULL)
            FROM pg_catalog.pg_class c JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid
            WHERE c.relnamespace = (SELECT n.oid FROM pg_catalog.pg_namespace n WHERE n.nspname = current_schema())
              AND c.relname = 'schema_migrations' AND c.relkind IN ('r', 'p', 'v', 'f', 'm')
              AND a.attnum > 0 AND NOT a.attisdropped
              AND (pg_catalog.pg_has_role(c.relowner, 'USAGE')
                   OR pg_catalog.has_column_privilege(c.oid, a.attnum, 'SELECT, INSERT, UPDATE, REFERENCES'))
            ORDER BY a.attnum
            """)
        let names = columns.map { $0.string(at: 0) ?? "" }
        let versionType = columns.first { $0.string(at: 0) == "version" }?.string(at: 1)
        return names == ["version", "name", "checksum", "applied_at"]
            && (versionType == "integer" || versionType == "bigint")
    }

    private func verify(_ applied: [AppliedMigration]) throws(PostgresMigrationError) {
        switch SchemaMismatch(applied: applied, known: migrations) {
        case .newer(let found, let supported)?: throw .databaseNewerThanBinary(found: found, supported: supported)
        case .edited(let version, let name)?: throw .checksumMismatch(version: version, name: name)
        case nil: return
        }
    }
}
