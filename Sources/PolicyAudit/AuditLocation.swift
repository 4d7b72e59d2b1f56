import AuditRepositories

/// Where an audit lives: the store's address and the fingerprint key kept outside the store, on this machine.
package struct AuditLocation: Sendable, Equatable {
    /// The store (`--db`).
    package var address: StoreAddress
    /// The HMAC key file: as given, else the store's default (`<database>.key` beside a database file); nil when none
    /// was given for a server, which keeps no key (the commands that fingerprint then refuse to run).
    package var keyPath: String?

    /// A location; the key defaults to the address's (`StoreAddress.defaultKeyPath`).
    package init(address: StoreAddress, keyPath: String? = nil) {
        self.address = address
        self.keyPath = keyPath ?? address.defaultKeyPath
    }

    /// A database file's location; the key defaults to `<databasePath>.key`.
    package init(databasePath: String, keyPath: String? = nil) {
        self.init(address: .sqliteFile(path: databasePath), keyPath: keyPath)
    }

    /// The key file, which a command that fingerprints (or creates a store) needs.
    /// - Throws: `AuditStoreError.keyFileRequired` when the store keeps no key and none was named.
    package func requiredKeyPath() throws(AuditStoreError) -> String {
        guard let keyPath else { throw .keyFileRequired(store: address.displayText) }
        return keyPath
    }

    /// The store's own files on this machine (`stores.localFiles(of:)`: a database and its journals, none for a
    /// server) and the key file: what no output may overwrite.
    package func protectedFiles(_ stores: any AuditStoreProvider) -> [ProtectedFile] {
        stores.localFiles(of: address) + (keyPath.map { [ProtectedFile(path: $0, role: "the key file")] } ?? [])
    }
}
