import AuditCrypto
import AuditRepositories

/// One PostgreSQL schema step: `migrations/postgresql/NNNN_name.sql` as compiled into the binary (see
/// `EmbeddedMigrations/`), numbered as SQLite's `migrations/NNNN_name.sql`, so that schema version N means the same
/// tables on both stores.
package struct PostgresMigration: SchemaMigration, Equatable {
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
