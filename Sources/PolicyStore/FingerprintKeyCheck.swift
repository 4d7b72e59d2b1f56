import AuditCrypto

/// A database remembers which fingerprint key it was used with: `fingerprint_key_check` (schema 4) holds the key's
/// `FingerprintKeyCheckValue` (HMAC-SHA256 of a fixed label, never the key).
package enum FingerprintKeyCheck {
    /// What `verify` found.
    package enum Outcome: Equatable, Sendable {
        /// The stored check value matches the key.
        case matched
        /// No check value was stored (a new database, or one from before schema 4): this key's is stored now.
        case stored
        /// A different key's check value was stored, but the database holds no candidate: replaced by this key's.
        case replaced
    }

    /// The check value of `key` (`FingerprintKeyCheckValue`).
    package static func value(for key: HMACSHA256Key) -> String { FingerprintKeyCheckValue.value(for: key) }

    /// Compares `key` with the check value stored in `database`, storing it on first use.
    /// - Throws: `FingerprintKeyError.doesNotMatchDatabase` when another key's value is stored and the database holds
    ///   candidates (their fingerprints were made with that other key); `SQLiteError`.
    @discardableResult
    package static func verify(_ key: HMACSHA256Key, keyPath: String, database: Database) throws -> Outcome {
        let value = value(for: key)
        // The common case reads only: no write lock to wait for behind another import.
        if try storedValue(database) == value { return .matched }
        return try database.inTransaction {
            let existing = try storedValue(database)
            if existing == value { return .matched }
            if existing != nil, try SQLiteAuditStore.holdsCandidates(database) {
                throw FingerprintKeyError.doesNotMatchDatabase(path: keyPath)
            }
            try database.execute(
                """
                INSERT INTO fingerprint_key_check (singleton, label, check_value, stored_at) VALUES (1, 'v1', ?1, ?2)
                ON CONFLICT (singleton) DO UPDATE SET check_value = excluded.check_value, stored_at = excluded.stored_at
                """,
                [.text(value), .text(Timestamp.now())])
            return existing == nil ? .stored : .replaced
        }
    }

    private static func storedValue(_ database: Database) throws(SQLiteError) -> String? {
        let stored = try database.cachedStatement(
            "SELECT check_value FROM fingerprint_key_check WHERE singleton = 1")
        defer { stored.reset() }
        return try stored.step() ? stored.string(at: 0) : nil
    }
}
