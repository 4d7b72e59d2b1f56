import PolicyStore
// The workspace, demo and location conveniences this target's tests use (through the stores this build includes).
import WorkspaceTestSupport

@testable import PolicyAudit

/// The workspace's own SQLite connection, for tests that check its state (transactions, read-only) or count its rows.
extension AuditWorkspace {
    var database: Database {
        guard let store = store as? SQLiteAuditStore else { fatalError("the workspace is not an SQLite store") }
        return store.database
    }
}
