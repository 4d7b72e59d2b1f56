import AuditRepositories

extension PostgresMigrator {
    /// Makes the connection's database ready for what a command means to do, as `SQLiteAuditStore.open` does for a
    /// file: `init` (`.create`) creates the schema where there is no table or upgrades pwaudit's; a write command
    /// (`.write`) upgrades an older pwaudit schema and refuses a database without one; a reader (`.read`) never
    /// migrates, and its session is made read-only (`default_transaction_read_only`), so nothing it runs can write. A
    /// role that may not read `schema_migrations` (`<db>_reader`) reads as it is and is refused a write with the
    /// server's permission error (42501: exit 77).
    /// - Throws: `AuditStoreError.notAPwauditDatabase` (no pwaudit schema, or another application's tables: `path` is
    ///   the URI's display text, password masked), `.schemaNeedsMigration` for a reader, `PostgresMigrationError`
    ///   (newer, edited, failed), `PostgresError`.
    package func prepare(_ connection: PostgresConnection, for intent: StoreOpenIntent) throws {
        let shown = connection.address.displayText
        do {
            switch intent {
            case .create: try migrate(connection)
            case .write:
                // The reader may not read the schema's record, let alone write: say so as the server would (77).
                if try isPwauditSchemaHiddenFromRole(connection) {
                    throw PostgresError.statementFailed(
                        sqlState: "42501", message: "permission denied for table schema_migrations",
                        sql: "SELECT version, name, checksum FROM schema_migrations")
                }
                try upgrade(connection)
            case .read:
                try connection.execute("SET default_transaction_read_only = on")
                try verifyCurrent(connection)
            }
        } catch PostgresMigrationError.foreignDatabase(let count) {
            throw AuditStoreError.notAPwauditDatabase(path: shown, tableCount: count)
        } catch PostgresMigrationError.notInitialized {
            throw AuditStoreError.notAPwauditDatabase(path: shown, tableCount: 0)
        } catch PostgresMigrationError.databaseOlderThanBinary(let found, let supported) {
            throw AuditStoreError.schemaNeedsMigration(path: shown, found: found, supported: supported)
        }
    }
}
