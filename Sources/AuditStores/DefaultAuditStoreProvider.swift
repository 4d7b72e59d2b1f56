import AuditRepositories
import PolicyStore
import PostgresStore

/// The stores this build of pwaudit includes, chosen by address: a database file is SQLite (`PolicyStore`), a
/// PostgreSQL URI a server's database (`PostgresStore`).
///
/// The one place that names the store modules: the executable hands it to the CLI, which hands it to the use cases.
package struct DefaultAuditStoreProvider: AuditStoreProvider {
    /// The provider.
    package init() {}

    package func open(_ address: StoreAddress, intent: StoreOpenIntent) throws -> any AuditStore {
        switch address {
        case .sqliteFile(let path): try SQLiteAuditStore.open(path: path, intent: intent)
        case .postgres(let uri): try PostgresAuditStore.open(uri: uri, intent: intent)
        }
    }

    package func storeExists(at address: StoreAddress) throws -> Bool {
        switch address {
        case .sqliteFile(let path): try SQLiteAuditStore.exists(at: path)
        case .postgres(let uri): try PostgresAuditStore.exists(uri: uri)
        }
    }

    package func localFiles(of address: StoreAddress) -> [ProtectedFile] {
        switch address {
        case .sqliteFile(let path): SQLiteAuditStore.files(of: path)
        case .postgres: []
        }
    }
}
