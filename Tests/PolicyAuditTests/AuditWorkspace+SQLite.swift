import AuditRepositories
import AuditStores
import PolicyStore

@testable import PolicyAudit

/// The workspace's own SQLite connection, for tests that check its state (transactions, read-only) or count its rows.
extension AuditWorkspace {
    var database: Database {
        guard let store = store as? SQLiteAuditStore else { fatalError("the workspace is not an SQLite store") }
        return store.database
    }

    /// `open(_:stores:)` through the stores this build includes, as the executable opens them.
    static func open(_ location: AuditLocation) throws -> AuditWorkspace {
        try open(location, stores: DefaultAuditStoreProvider())
    }

    /// `openReadOnly(_:stores:)` through the stores this build includes.
    static func openReadOnly(_ location: AuditLocation) throws -> AuditWorkspace {
        try openReadOnly(location, stores: DefaultAuditStoreProvider())
    }

    /// `initialize(_:stores:)` through the stores this build includes.
    static func initialize(_ location: AuditLocation) throws -> (workspace: AuditWorkspace, createdKey: Bool) {
        try initialize(location, stores: DefaultAuditStoreProvider())
    }
}

extension AuditLocation {
    /// The database file of a location whose store is one (every test location is).
    var databasePath: String {
        guard case .sqliteFile(let path) = address else { fatalError("the location is not a database file") }
        return path
    }

    /// `protectedFiles(_:)` of the stores this build includes.
    var protectedFiles: [ProtectedFile] { protectedFiles(DefaultAuditStoreProvider()) }
}

extension DemoRun {
    /// A demo through the stores this build includes.
    init(directory: String, rows: Int = DemoRun.defaultRows) {
        self.init(directory: directory, rows: rows, stores: DefaultAuditStoreProvider())
    }
}
