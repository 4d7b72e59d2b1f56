import AuditRepositories
import Foundation
import LibC

/// The SQLite store's own file handling: a store is one database file with its journals beside it.
extension SQLiteAuditStore {
    /// How long a command that writes waits for another process's write lock (`sqlite3_busy_timeout`): longer than the
    /// longest transaction another pwaudit holds (an import's completing commit with `--accounts` over millions of
    /// candidates, a prune), so that two imports started together both finish instead of one failing with
    /// `SQLITE_BUSY` after SQLite's usual few seconds. Readers never wait for writers (WAL).
    package static let writerBusyTimeoutMilliseconds: Int32 = 120_000

    /// Opens the database file at `path` for `intent`, as `pwaudit`'s commands open it.
    ///
    /// - `.create` (`init`): creates the file, or upgrades an existing pwaudit database; another application's
    ///   SQLite database is refused before anything is written.
    /// - `.write`: opens an existing pwaudit database for writing and brings an older pwaudit schema up to date.
    ///   Nothing is written to a file that is not a pwaudit database: an empty (0-byte) file, another application's
    ///   SQLite database (no `schema_migrations`) and a non-SQLite file are refused before any change.
    /// - `.read`: opens an existing pwaudit database read-only (`SQLITE_OPEN_READONLY`), which works on a read-only
    ///   file, in a read-only directory (see `Database.Mode.readOnly`) and while an import writes; it never migrates.
    /// - Throws: `AuditStoreError.databaseMissing`, `.databaseIsDirectory`, `.notAPwauditDatabase`,
    ///   `.schemaNeedsMigration` (read); `SQLiteError` (not a database, corrupt), `MigrationError` (newer, edited).
    package static func open(path: String, intent: StoreOpenIntent) throws -> SQLiteAuditStore {
        let migrator = Migrator()
        switch intent {
        case .create:
            _ = try exists(at: path)
            let database = try Database(
                path: path, mode: .readWriteCreate, busyTimeoutMilliseconds: writerBusyTimeoutMilliseconds)
            do {
                try migrator.migrate(database)  // refuses another application's database before writing anything
            } catch MigrationError.foreignDatabase(let count) {
                throw AuditStoreError.notAPwauditDatabase(path: path, tableCount: count)
            }
            return SQLiteAuditStore(database: database)
        case .write:
            try requireDatabaseFile(path)
            let database = try Database(
                path: path, mode: .readWrite, busyTimeoutMilliseconds: writerBusyTimeoutMilliseconds)
            switch try migrator.state(of: database) {
            case .empty: throw AuditStoreError.notAPwauditDatabase(path: path, tableCount: 0)
            case .foreign(let count): throw AuditStoreError.notAPwauditDatabase(path: path, tableCount: count)
            case .pwaudit: try migrator.migrate(database)
            }
            return SQLiteAuditStore(database: database)
        case .read:
            try requireDatabaseFile(path)
            let database = try Database(path: path, mode: .readOnly)
            do {
                try migrator.verifyCurrent(database)
            } catch MigrationError.foreignDatabase(let count) {
                throw AuditStoreError.notAPwauditDatabase(path: path, tableCount: count)
            } catch MigrationError.databaseOlderThanBinary(let found, let supported) {
                throw AuditStoreError.schemaNeedsMigration(path: path, found: found, supported: supported)
            }
            return SQLiteAuditStore(database: database)
        }
    }

    /// Whether a file is at `path`.
    /// - Throws: `AuditStoreError.databaseIsDirectory` when `path` names a directory.
    package static func exists(at path: String) throws(AuditStoreError) -> Bool {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if isDirectory.boolValue { throw .databaseIsDirectory(path: path) }
        return exists
    }

    /// The database at `path`, the journals SQLite keeps beside it (`-wal`, `-shm`, `-journal`, whether or not they
    /// exist yet): what no output and no key may be.
    ///
    /// SQLite names its journals after the database's resolved path, so when the database is reached through a
    /// symbolic link the journals beside its target are listed too.
    package static func files(of path: String) -> [ProtectedFile] {
        let resolved = SystemCall.resolvedPath(path)
        let bases = resolved == path ? [path] : [path, resolved]
        let journals = bases.flatMap { base in
            [
                ProtectedFile(path: base + "-wal", role: "the database's write-ahead log"),
                ProtectedFile(path: base + "-shm", role: "the database's shared-memory file"),
                ProtectedFile(path: base + "-journal", role: "the database's journal"),
            ]
        }
        return [ProtectedFile(path: path, role: "the database")] + journals
    }

    /// Refuses a path with no file (`databaseMissing`) or with a directory (`databaseIsDirectory`).
    private static func requireDatabaseFile(_ path: String) throws(AuditStoreError) {
        guard try exists(at: path) else { throw .databaseMissing(path: path) }
    }
}
