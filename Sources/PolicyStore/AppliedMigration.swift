/// A row of `schema_migrations`: a migration recorded as applied to a database.
package struct AppliedMigration: Sendable, Equatable {
    /// The migration's version number.
    package let version: Int
    /// The migration's name, e.g. `0001_initial`.
    package let name: String
    /// SHA-256 hex of the SQL text that was applied.
    package let checksum: String
    /// When it was applied (ISO-8601 UTC).
    package let appliedAt: String
}
