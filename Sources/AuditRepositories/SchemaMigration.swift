/// A schema step as a store's migrator judges a database by it: a migration this binary carries, or one a database
/// records as applied (`AppliedMigration`). Both stores number their migrations alike (`migrations/NNNN_name.sql`,
/// `migrations/postgresql/NNNN_name.sql`), so schema version N means the same tables on both.
package protocol SchemaMigration: Sendable {
    /// The number in the file name (`0001_initial.sql` → 1); versions increase by one.
    var version: Int { get }
    /// The file name without `.sql`, e.g. `0001_initial`.
    var name: String { get }
    /// SHA-256 hex of the migration's SQL text, as recorded in `schema_migrations.checksum`.
    var checksum: String { get }
}

/// A row of a store's `schema_migrations`: a migration recorded as applied to a database.
package struct AppliedMigration: SchemaMigration, Equatable {
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
