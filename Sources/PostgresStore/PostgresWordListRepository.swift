import AuditRepositories

/// Word lists in `word_list`, one row per distinct SHA-256 (migrations/postgresql/0007_word_list.sql): the first of
/// PostgreSQL's repositories, for the `PostgresAuditStore` still to come (issue 22, item 2).
package struct PostgresWordListRepository: WordListRepository {
    private let connection: PostgresConnection

    /// Creates a repository over a migrated database.
    package init(connection: PostgresConnection) { self.connection = connection }

    /// Inserts the list unless its SHA-256 is stored (`INSERT … ON CONFLICT DO NOTHING`), so two writers storing the
    /// same list at once both succeed.
    package func store(sha256: String, entryCount: Int, entries: [UInt8]) throws {
        try connection.execute(
            """
            INSERT INTO word_list (sha256, entry_count, entries, stored_at) VALUES ($1, $2, $3, now())
            ON CONFLICT (sha256) DO NOTHING
            """, [.text(sha256), .integer(Int64(entryCount)), .blob(entries)])
    }

    /// The stored list `sha256`, or `nil`.
    package func list(sha256: String) throws -> (entryCount: Int, entries: [UInt8])? {
        guard
            let row = try connection.firstRow(
                "SELECT entry_count, entries FROM word_list WHERE sha256 = $1", [.text(sha256)])
        else { return nil }
        return (try row.int(at: 0), try row.blob(at: 1) ?? [])
    }

    /// How many distinct lists `word_list` holds.
    package func count() throws -> Int {
        try connection.firstRow("SELECT count(*) FROM word_list")?.int(at: 0) ?? 0
    }
}
