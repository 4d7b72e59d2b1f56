/// What a database holds, as far as a store's migrator can tell: the one classification both stores make of the facts
/// each reads in its own catalog (how many tables, and the rows of pwaudit's `schema_migrations` if it has one).
package enum SchemaState: Equatable, Sendable {
    /// No table at all: a new database (or a 0-byte file).
    case empty
    /// Tables, but not pwaudit's schema: another application's database.
    case foreign(tableCount: Int)
    /// A pwaudit database at schema `version`.
    case pwaudit(version: Int)

    /// Classifies a database.
    ///
    /// It is pwaudit's only when it has pwaudit's `schema_migrations` recording pwaudit's first migration under its
    /// name, and every migration this binary knows under that migration's name (a checksum may differ: an edited
    /// migration, which `SchemaMismatch` names). Anything else with tables is `.foreign`: no migration table, one of
    /// another tool's shape (Rails' `version` only, golang-migrate's `version`, `dirty`), or one of pwaudit's shape
    /// holding another application's rows. pwaudit's table with no row yet, and no other table, is its own first
    /// migration interrupted: `.empty`.
    /// - Parameters:
    ///   - tableCount: The tables the store counts (its own catalog's left out).
    ///   - applied: The rows of a `schema_migrations` with pwaudit's columns; nil when there is no such table.
    ///   - known: The migrations this binary carries, in version order.
    package init(tableCount: Int, applied: [AppliedMigration]?, known: [SchemaMigration]) {
        guard tableCount > 0 else {
            self = .empty
            return
        }
        guard let applied else {
            self = .foreign(tableCount: tableCount)
            return
        }
        guard let newest = applied.map(\.version).max() else {
            self = tableCount == 1 ? .empty : .foreign(tableCount: tableCount)
            return
        }
        self =
            Self.recordsPwauditMigrations(applied, known: known)
            ? .pwaudit(version: newest) : .foreign(tableCount: tableCount)
    }

    /// True when `applied` holds the first of `known` and names every migration of `known` as it does.
    private static func recordsPwauditMigrations(_ applied: [AppliedMigration], known: [SchemaMigration]) -> Bool {
        guard let first = known.first else { return true }
        guard applied.contains(where: { $0.version == first.version && $0.name == first.name }) else { return false }
        return applied.allSatisfy { row in
            guard let migration = known.first(where: { $0.version == row.version }) else { return true }
            return migration.name == row.name
        }
    }
}

/// Why a pwaudit database's recorded migrations forbid this binary to use it as it is: each store's migrator throws
/// its own error for it (naming its own migrations folder).
package enum SchemaMismatch: Equatable, Sendable {
    /// The database records schema `found`, newer than the `supported` this binary knows: a newer pwaudit migrated it.
    case newer(found: Int, supported: Int)
    /// The migration recorded as applied under `version` has another checksum than this binary's copy: a landed file
    /// was edited.
    case edited(version: Int, name: String)

    /// The first mismatch between `applied` and this binary's `known` migrations, or nil when there is none.
    package init?(applied: [AppliedMigration], known: [SchemaMigration]) {
        let supported = known.last?.version ?? 0
        if let newest = applied.map(\.version).max(), newest > supported {
            self = .newer(found: newest, supported: supported)
            return
        }
        for row in applied {
            guard let migration = known.first(where: { $0.version == row.version }) else { continue }
            if migration.checksum != row.checksum {
                self = .edited(version: migration.version, name: migration.name)
                return
            }
        }
        return nil
    }
}
