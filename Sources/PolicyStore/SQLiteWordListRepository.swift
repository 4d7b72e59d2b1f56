import AuditRepositories

/// Word lists in `word_list`, one row per distinct SHA-256 (migration 0006).
package struct SQLiteWordListRepository: WordListRepository {
    private let database: Database

    /// Creates a repository over a migrated database.
    package init(database: Database) {
        self.database = database
    }

    /// Inserts the list unless its SHA-256 is stored (`INSERT … ON CONFLICT DO NOTHING`,
    /// <https://www.sqlite.org/lang_upsert.html>).
    package func store(sha256: String, entryCount: Int, entries: [UInt8]) throws {
        let statement = try database.cachedStatement(
            """
            INSERT INTO word_list (sha256, entry_count, entries, stored_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (sha256) DO NOTHING
            """)
        defer { statement.reset(clearBindings: true) }
        statement.bind(sha256, at: 1)
        statement.bind(entryCount, at: 2)
        statement.bind(blob: entries, at: 3)
        statement.bind(Timestamp.now(), at: 4)
        try statement.execute()
    }

    /// The stored list `sha256`, or `nil`.
    package func list(sha256: String) throws -> (entryCount: Int, entries: [UInt8])? {
        let statement = try database.cachedStatement("SELECT entry_count, entries FROM word_list WHERE sha256 = ?")
        defer { statement.reset(clearBindings: true) }
        statement.bind(sha256, at: 1)
        guard try statement.step() else { return nil }
        return (statement.int(at: 0), statement.blob(at: 1) ?? [])
    }

    /// How many distinct lists `word_list` holds.
    package func count() throws -> Int {
        let statement = try database.cachedStatement("SELECT count(*) FROM word_list")
        defer { statement.reset() }
        _ = try statement.step()
        return statement.int(at: 0)
    }
}
