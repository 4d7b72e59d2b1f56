/// Where an audit lives: the SQLite database and the fingerprint key kept outside it.
package struct AuditLocation: Sendable, Equatable {
    /// The database file.
    package var databasePath: String
    /// The HMAC key file (`<database>.key` unless given).
    package var keyPath: String

    /// A location; the key defaults to `<databasePath>.key`.
    package init(databasePath: String, keyPath: String? = nil) {
        self.databasePath = databasePath
        self.keyPath = keyPath ?? databasePath + ".key"
    }
}
