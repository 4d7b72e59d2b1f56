import AuditCrypto

/// One schema step of a store: `migrations/NNNN_name.sql` (SQLite) or `migrations/postgresql/NNNN_name.sql`, as
/// compiled into the binary (each store's `EmbeddedMigrations/`). Both stores number their steps alike, so that schema
/// version N means the same tables on both.
package struct SchemaMigration: Sendable, Equatable {
    /// The number in the file name (`0001_initial.sql` → 1); versions increase by one.
    package let version: Int
    /// The file name without `.sql`, e.g. `0001_initial`.
    package let name: String
    /// The SQL text, byte for byte as in the file.
    package let sql: String

    /// Creates a migration.
    package init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }

    /// SHA-256 of the SQL text's UTF-8 bytes in lowercase hex, recorded in `schema_migrations.checksum`.
    package var checksum: String { SHA256.hexDigest(utf8: sql) }
}

/// A row of a store's `schema_migrations`: a migration recorded as applied to a database.
package struct AppliedMigration: Sendable, Equatable {
    /// The migration's version number.
    package let version: Int
    /// The migration's name, e.g. `0001_initial`.
    package let name: String
    /// SHA-256 hex of the SQL text that was applied.
    package let checksum: String

    /// Creates a row.
    package init(version: Int, name: String, checksum: String) {
        self.version = version
        self.name = name
        self.checksum = checksum
    }
}
