import AuditRepositories
import AuditStores
import PolicyAudit

/// The use cases opened through the stores this build includes, as the executable opens them: what the use-case and
/// CLI tests share (each keeps its own `database` accessor, which needs `@testable`).
extension AuditWorkspace {
    /// `open(_:stores:)` through the stores this build includes.
    package static func open(_ location: AuditLocation) throws -> AuditWorkspace {
        try open(location, stores: DefaultAuditStoreProvider())
    }

    /// `openReadOnly(_:stores:)` through the stores this build includes.
    package static func openReadOnly(_ location: AuditLocation) throws -> AuditWorkspace {
        try openReadOnly(location, stores: DefaultAuditStoreProvider())
    }

    /// `initialize(_:stores:)` through the stores this build includes.
    package static func initialize(_ location: AuditLocation) throws -> (workspace: AuditWorkspace, createdKey: Bool) {
        try initialize(location, stores: DefaultAuditStoreProvider())
    }
}

extension AuditLocation {
    /// The database file of a location whose store is one (every test location is).
    package var databasePath: String {
        guard case .sqliteFile(let path) = address else { fatalError("the location is not a database file") }
        return path
    }

    /// `protectedFiles(_:)` of the stores this build includes.
    package var protectedFiles: [ProtectedFile] { protectedFiles(DefaultAuditStoreProvider()) }
}

extension DemoRun {
    /// A demo through the stores this build includes.
    package init(directory: String, rows: Int = DemoRun.defaultRows) {
        self.init(directory: directory, rows: rows, stores: DefaultAuditStoreProvider())
    }
}
