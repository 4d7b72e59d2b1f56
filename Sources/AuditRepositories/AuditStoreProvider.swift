/// Opens stores; the executable's composition hands one to the CLI, which hands it to the use cases.
///
/// It is the only way the use cases reach a store: they name an address, never a store module.
package protocol AuditStoreProvider: Sendable {
    /// Opens the store at `address` for `intent`.
    /// - Throws: `AuditStoreError` when there is no store there (`.databaseMissing`), it is not a pwaudit store, or its
    ///   schema needs a migration a reader may not make; the store's own `UserFacingError`s for anything else.
    func open(_ address: StoreAddress, intent: StoreOpenIntent) throws -> any AuditStore

    /// Whether a store exists at `address` already (so that `init` can tell a new store from an existing one).
    /// - Throws: `AuditStoreError.databaseIsDirectory` for a path that names a directory.
    func storeExists(at address: StoreAddress) throws -> Bool

    /// The files on this machine that make up the store at `address` (whether or not they exist yet), which no
    /// output and no key may be: a database file and its journals; none for a server.
    func localFiles(of address: StoreAddress) -> [ProtectedFile]
}
