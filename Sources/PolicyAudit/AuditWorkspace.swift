import AuditCrypto
import AuditRepositories
import Foundation
import PolicyStore

/// An open, migrated audit database with its repositories: the entry point of every use case that persists.
///
/// This is the composition root, the one file of PolicyAudit that imports PolicyStore: it opens (and migrates) the
/// SQLite database and hands the use cases an `AuditStore`, which is all they know of it.
package final class AuditWorkspace {
    /// Where the database and key live.
    package let location: AuditLocation
    /// The open store (not shared across threads); the use cases' own, never handed to the CLI.
    let store: any AuditStore

    /// Policy versions.
    var policies: any PolicyRepository { store.policies }
    /// Import runs.
    var runs: any RunRepository { store.runs }
    /// Per-run summaries.
    var summaries: any SummaryRepository { store.summaries }
    /// Read-only SQL (`pwaudit query`).
    var queries: any QueryRunner { store.queries }
    /// Retention (`pwaudit prune`).
    var pruner: any RunPruner { store.pruner }

    private init(location: AuditLocation, database: Database) {
        self.location = location
        store = SQLiteAuditStore(database: database)
    }

    /// Opens an existing pwaudit database for writing and brings an older pwaudit schema up to date.
    ///
    /// Nothing is written to a file that is not a pwaudit database: an empty (0-byte) file, another application's
    /// SQLite database (no `schema_migrations`) and a non-SQLite file are refused before any change.
    /// - Throws: `AuditStoreError.databaseMissing`, `.notAPwauditDatabase`, `SQLiteError` (not a database, corrupt),
    ///   `MigrationError` (newer, edited).
    package static func open(_ location: AuditLocation) throws -> AuditWorkspace {
        try requireDatabaseFile(location.databasePath)
        let database = try Database(path: location.databasePath, mode: .readWrite)
        let migrator = Migrator()
        switch try migrator.state(of: database) {
        case .empty: throw AuditStoreError.notAPwauditDatabase(path: location.databasePath, tableCount: 0)
        case .foreign(let count):
            throw AuditStoreError.notAPwauditDatabase(path: location.databasePath, tableCount: count)
        case .pwaudit: try migrator.migrate(database)
        }
        return AuditWorkspace(location: location, database: database).refreshingFindings()
    }

    /// Opens an existing pwaudit database read-only (`SQLITE_OPEN_READONLY`): for the commands that only read. It works
    /// on a read-only file, in a read-only directory (see `Database.Mode.readOnly`) and while an import writes; it never
    /// migrates.
    /// - Throws: as `open`, and `AuditStoreError.schemaNeedsMigration` for an older pwaudit schema.
    package static func openReadOnly(_ location: AuditLocation) throws -> AuditWorkspace {
        try requireDatabaseFile(location.databasePath)
        let database = try Database(path: location.databasePath, mode: .readOnly)
        do {
            try Migrator().verifyCurrent(database)
        } catch MigrationError.foreignDatabase(let count) {
            throw AuditStoreError.notAPwauditDatabase(path: location.databasePath, tableCount: count)
        } catch MigrationError.databaseOlderThanBinary(let found, let supported) {
            throw AuditStoreError.schemaNeedsMigration(path: location.databasePath, found: found, supported: supported)
        }
        return AuditWorkspace(location: location, database: database)
    }

    /// Refuses a path with no file (`databaseMissing`) or with a directory (`databaseIsDirectory`).
    private static func requireDatabaseFile(_ path: String) throws(AuditStoreError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .databaseMissing(path: path)
        }
        if isDirectory.boolValue { throw .databaseIsDirectory(path: path) }
    }

    /// Creates (or upgrades) the database and makes sure its key exists, never replacing a key that stored
    /// fingerprints depend on, and never adding pwaudit's tables to another application's database.
    ///
    /// A key path that is the database (or one of its journals) by name, symbolic link or hard link, a symbolic link
    /// to nothing and anything but a regular file are refused before anything is created.
    /// - Returns: The workspace and whether a new key was written.
    package static func initialize(_ location: AuditLocation) throws -> (workspace: AuditWorkspace, createdKey: Bool) {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        let databaseExisted = files.fileExists(atPath: location.databasePath, isDirectory: &isDirectory)
        if isDirectory.boolValue { throw AuditStoreError.databaseIsDirectory(path: location.databasePath) }
        try checkKeyIsNotDatabase(location)
        let keyExists = try FingerprintKeyStore.exists(at: location.keyPath)
        if !databaseExisted && keyExists { throw AuditStoreError.orphanKey(keyPath: location.keyPath) }
        let database = try Database(path: location.databasePath, mode: .readWriteCreate)
        do {
            try Migrator().migrate(database)  // refuses another application's database before writing anything
        } catch MigrationError.foreignDatabase(let count) {
            throw AuditStoreError.notAPwauditDatabase(path: location.databasePath, tableCount: count)
        }
        let workspace = AuditWorkspace(location: location, database: database).refreshingFindings()
        if keyExists {
            _ = try workspace.fingerprintKey()
            return (workspace, false)
        }
        if try workspace.store.holdsCandidates() {
            throw AuditStoreError.keyLostForExistingData(keyPath: location.keyPath)
        }
        try FingerprintKeyStore.create(at: location.keyPath)
        _ = try workspace.fingerprintKey()
        return (workspace, true)
    }

    /// Loads the fingerprint key of this database and checks it against the database's key check value
    /// (`FingerprintKeyCheck`), storing that value on first use (a database from before schema 4 gets it now).
    /// - Throws: `FingerprintKeyError` (missing, wrong size, unreadable, `.doesNotMatchDatabase`), `SQLiteError`.
    package func fingerprintKey() throws -> HMACSHA256Key {
        try Self.checkKeyIsNotDatabase(location)
        let key = try FingerprintKeyStore.load(at: location.keyPath)
        if !store.isReadOnly { try store.verifyFingerprintKey(key, keyPath: location.keyPath) }
        return key
    }

    /// Refuses a key path that is the database or one of its journals: by name, through a symbolic link (also one to a
    /// file not created yet) or a hard link.
    /// - Throws: `OutputFileError.clash` (usage, 64) naming `--key-file` and what the path is.
    private static func checkKeyIsNotDatabase(_ location: AuditLocation) throws(OutputFileError) {
        let database = location.protectedFiles.filter { $0.role != "the key file" }
        try OutputFile.checkClashes(path: location.keyPath, option: "--key-file", protected: database)
    }

    /// The key file's permission bits when group or others may read or write it, else nil.
    package var exposedKeyMode: Int? { FingerprintKeyStore.exposedMode(at: location.keyPath) }

    /// The workspace after bringing the stored versions' compliance findings up to this pwaudit (after an upgrade or
    /// the migration to schema 6). It is best effort: a database another process is writing to keeps the findings it
    /// has, and the next command that opens it for writing tries again.
    private func refreshingFindings() -> AuditWorkspace {
        try? ComplianceFindingRefresh(workspace: self).refresh()
        return self
    }
}
