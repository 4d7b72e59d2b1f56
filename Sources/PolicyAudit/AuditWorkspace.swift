import AuditCrypto
import Foundation
import PolicyStore

/// An open, migrated audit database with its repositories: the entry point of every use case that persists.
package final class AuditWorkspace {
    /// Where the database and key live.
    package let location: AuditLocation
    /// The open connection (not shared across threads).
    package let database: Database

    private init(location: AuditLocation, database: Database) {
        self.location = location
        self.database = database
    }

    /// Policy versions.
    package var policies: SQLitePolicyRepository { SQLitePolicyRepository(database: database) }
    /// Import runs.
    package var runs: SQLiteRunRepository { SQLiteRunRepository(database: database) }
    /// Per-run summaries.
    package var summaries: SQLiteSummaryRepository { SQLiteSummaryRepository(database: database) }

    /// Opens an existing database and brings its schema up to date.
    /// - Throws: `AuditStoreError.databaseMissing`, `SQLiteError` (not a database, corrupt), `MigrationError`.
    package static func open(_ location: AuditLocation) throws -> AuditWorkspace {
        guard FileManager.default.fileExists(atPath: location.databasePath) else {
            throw AuditStoreError.databaseMissing(path: location.databasePath)
        }
        let database = try Database(path: location.databasePath, mode: .readWrite)
        try Migrator().migrate(database)
        return AuditWorkspace(location: location, database: database)
    }

    /// Creates (or upgrades) the database and makes sure its key exists, never replacing a key that stored
    /// fingerprints depend on.
    /// - Returns: The workspace and whether a new key was written.
    package static func initialize(_ location: AuditLocation) throws -> (workspace: AuditWorkspace, createdKey: Bool) {
        let files = FileManager.default
        let databaseExisted = files.fileExists(atPath: location.databasePath)
        let keyExists = files.fileExists(atPath: location.keyPath)
        if !databaseExisted && keyExists { throw AuditStoreError.orphanKey(keyPath: location.keyPath) }
        let database = try Database(path: location.databasePath, mode: .readWriteCreate)
        try Migrator().migrate(database)
        let workspace = AuditWorkspace(location: location, database: database)
        if keyExists {
            _ = try workspace.fingerprintKey()
            return (workspace, false)
        }
        if try workspace.holdsCandidates() { throw AuditStoreError.keyLostForExistingData(keyPath: location.keyPath) }
        try FingerprintKeyStore.create(at: location.keyPath)
        return (workspace, true)
    }

    /// Loads the fingerprint key of this database.
    package func fingerprintKey() throws(FingerprintKeyError) -> HMACSHA256Key {
        try FingerprintKeyStore.load(at: location.keyPath)
    }

    private func holdsCandidates() throws(SQLiteError) -> Bool {
        let statement = try database.cachedStatement("SELECT EXISTS (SELECT 1 FROM candidate)")
        defer { statement.reset() }
        return try statement.step() && statement.int(at: 0) == 1
    }
}
