import AuditRepositories
import PolicyStore

/// The stores this build of pwaudit includes, chosen by address: a database file is SQLite (`PolicyStore`); a
/// PostgreSQL URI is refused as not available until `PostgresStore` joins.
///
/// The one place that names the store modules: the executable hands it to the CLI, which hands it to the use cases.
package struct DefaultAuditStoreProvider: AuditStoreProvider {
    /// The provider.
    package init() {}

    package func open(_ address: StoreAddress, intent: StoreOpenIntent) throws -> any AuditStore {
        switch address {
        case .sqliteFile(let path): try SQLiteAuditStore.open(path: path, intent: intent)
        case .postgres: throw Self.postgresUnavailable(address)
        }
    }

    package func storeExists(at address: StoreAddress) throws -> Bool {
        switch address {
        case .sqliteFile(let path): try SQLiteAuditStore.exists(at: path)
        case .postgres: throw Self.postgresUnavailable(address)
        }
    }

    package func localFiles(of address: StoreAddress) -> [ProtectedFile] {
        switch address {
        case .sqliteFile(let path): SQLiteAuditStore.files(of: path)
        case .postgres: []
        }
    }

    /// The refusal of a PostgreSQL address in a build without `PostgresStore`.
    private static func postgresUnavailable(_ address: StoreAddress) -> AuditStoreError {
        .storeNotAvailable(kind: "PostgreSQL", store: address.displayText)
    }
}
