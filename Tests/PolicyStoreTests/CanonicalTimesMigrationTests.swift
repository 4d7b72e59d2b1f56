import PwauditTestSupport
import Testing

@testable import PolicyStore

/// Issue 20, item 1: migration 0009 rewrites the times an older pwaudit stored as the CSV wrote them.
@Suite("Migration 0009: canonical times")
struct CanonicalTimesMigrationTests {
    /// `submitted_at` as schema 8 stored it (line → text), and what schema 9 makes of it.
    static let times: [(line: Int, username: String, written: String?, canonical: String?)] = [
        (2, "anna", "2026-01-05T23:30:00-05:00", "2026-01-06T04:30:00Z"),
        (3, "bob", "2026-01-06 23:00:00Z", "2026-01-06T23:00:00Z"),
        (4, "bob", "2026-01-06T08:00:00Z", "2026-01-06T08:00:00Z"),
        (5, "carol", "2026-01-06", "2026-01-06T00:00:00Z"),
        (6, "dave", "2026-01-06T10:00:00.5+0100", "2026-01-06T09:00:00Z"),
        (7, "erin", "2026-01-06t01:00:00+02:00", "2026-01-05T23:00:00Z"),
        // What the import of schema 8 counted as `time: invalid`: no trace of the text is kept.
        (8, "frank", "2026-01-05T09:00:00", nil),
        (9, "gina", "2026-02-30", nil),
        (10, "hank", "soon", nil),
        (11, "ivan", nil, nil),
    ]

    /// A file database at schema 8 holding what pwaudit wrote then: corp@1 from 2026-01-01, corp@2 from 2026-01-06
    /// at noon, a complete run of `times` scored under both (corp@1 passes all, corp@2 fails all) with its account
    /// summary chosen by comparing texts, and a pruned run whose account row kept an offset.
    private func schema8Database(_ directory: TemporaryDirectory) throws -> Database {
        let database = try Database(path: directory.path("old.db"))
        try Migrator(migrations: Array(Migrator.embedded.prefix(8))).migrate(database)
        let digest = String(repeating: "a", count: 64)
        try database.execute(
            """
            INSERT INTO policy (id, name, created_at) VALUES (1, 'corp', '2026-01-01T00:00:00Z');
            INSERT INTO policy_version (id, policy_id, version, definition, definition_sha256, effective_from,
                created_at, note)
            VALUES (1, 1, 1, '{}', '\(digest)', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', NULL),
                (2, 1, 2, '{"v":2}', '\(String(repeating: "b", count: 64))', '2026-01-06T12:00:00Z',
                '2026-01-02T00:00:00Z', NULL);
            INSERT INTO policy_rule VALUES (1, 0, 'length', 'length', 'Length', '{}'), (2, 0, 'length', 'length',
                'Length', '{}');
            INSERT INTO import_run (id, source_name, source_bytes, source_sha256, started_at, finished_at, status,
                pwaudit_version, pid, pruned_at)
            VALUES (1, 'a.csv', 1, '\(digest)', '2026-02-01T00:00:00Z', '2026-02-01T00:00:01Z', 'complete', '0', 1, NULL),
                (2, 'b.csv', 1, '\(digest)', '2026-01-01T00:00:00Z', '2026-01-01T00:00:01Z', 'complete', '0', 1,
                '2026-03-01T00:00:00Z');
            INSERT INTO import_run_policy (run_id, policy_version_id, slot) VALUES (1, 1, 0), (1, 2, 1);
            INSERT INTO run_account_summary (run_id, username, submitted_at, candidate_id, candidates)
            VALUES (2, 'anna', '2026-01-05T23:30:00-05:00', (2 << 32) + 1, 1);
            """)
        for (ordinal, row) in Self.times.enumerated() {
            try database.execute(
                """
                INSERT INTO candidate (id, run_id, line, username, submitted_at, fingerprint, length, upper_count,
                    lower_count, digit_count, special_count, other_letter_count, space_count, other_count, mask_0, mask_1)
                VALUES (?1, 1, ?2, ?3, ?4, zeroblob(32), 10, 0, 10, 0, 0, 0, 0, 0, 0, 1)
                """,
                [
                    .integer((1 << 32) + Int64(ordinal) + 1), .integer(Int64(row.line)), .text(row.username),
                    .optional(row.written),
                ])
        }
        // As schema 8's import wrote it when the run completed (SQLiteSummaryRepository.writeAccounts then).
        try database.execute(
            """
            INSERT INTO run_account_summary (run_id, username, submitted_at, candidate_id, candidates)
            SELECT 1, username, max(submitted_at), id, count(*) FROM candidate WHERE run_id = 1 GROUP BY username
            """)
        return database
    }

    private func strings(_ database: Database, _ sql: String) throws -> [String?] {
        let statement = try database.makeStatement(sql)
        var values: [String?] = []
        while try statement.step() { values.append(statement.string(at: 0)) }
        return values
    }

    @Test("every submitted_at becomes its canonical UTC instant, or NULL when schema 8 counted it invalid")
    func submittedAt() throws {
        let directory = try TemporaryDirectory(prefix: "pwaudit-0009")
        let database = try schema8Database(directory)
        #expect(try strings(database, "SELECT username FROM run_account_summary WHERE username = 'bob'") == ["bob"])
        // 9 and every migration after it.
        #expect(try Migrator().migrate(database) == Array(9...Migrator().newestVersion))
        #expect(
            try strings(database, "SELECT submitted_at FROM candidate ORDER BY line") == Self.times.map(\.canonical))
    }

    @Test("the account summary is chosen again by instant, a pruned run's row is rewritten, and the views agree")
    func accountsAndViews() throws {
        let directory = try TemporaryDirectory(prefix: "pwaudit-0009")
        let database = try schema8Database(directory)
        // Schema 8 compared text: ' ' sorts before 'T', so bob's 08:00 candidate was his last.
        #expect(
            try strings(
                database,
                "SELECT c.line FROM run_account_summary s JOIN candidate c ON c.id = s.candidate_id WHERE s.username = 'bob'"
            ) == ["4"])
        try Migrator().migrate(database)
        #expect(
            try strings(
                database,
                "SELECT l.submitted_at || ' ' || c.line FROM v_account_last_candidate l JOIN candidate c"
                    + " ON c.id = l.candidate_id WHERE l.username = 'bob'") == ["2026-01-06T23:00:00Z 3"])
        #expect(
            try strings(database, "SELECT submitted_at FROM run_account_summary WHERE run_id = 2")
                == ["2026-01-06T04:30:00Z"])
        // corp@2 is in force from the start of 2026-01-06 (UTC): anna's candidate, written on the 5th at -05:00, is
        // judged by it; erin's, written on the 6th at +02:00, by corp@1.
        #expect(
            try strings(
                database,
                "SELECT c.username || ' ' || f.in_force_reference || ' ' || f.passed FROM v_candidate_in_force f"
                    + " JOIN candidate c ON c.id = f.candidate_id ORDER BY c.line") == [
                    "anna corp@2 0", "bob corp@2 0", "bob corp@2 0", "carol corp@2 0", "dave corp@2 0",
                    "erin corp@1 1",
                ])
    }

    @Test("an effective date off midnight moves to the start of its UTC day; versions stay immutable")
    func effectiveFrom() throws {
        let directory = try TemporaryDirectory(prefix: "pwaudit-0009")
        let database = try schema8Database(directory)
        try Migrator().migrate(database)
        #expect(
            try strings(database, "SELECT effective_from FROM policy_version ORDER BY id") == [
                "2026-01-01T00:00:00Z", "2026-01-06T00:00:00Z",
            ])
        #expect(try strings(database, "SELECT created_at FROM policy_version WHERE id = 2") == ["2026-01-02T00:00:00Z"])
        #expect(throws: SQLiteError.self) { try database.execute("UPDATE policy_version SET note = 'x'") }
        #expect(throws: SQLiteError.self) { try database.execute("DELETE FROM policy_version") }
        // The parser registered for the migration cannot hide in the schema: views may not call it.
        #expect(throws: SQLiteError.self) {
            try database.execute("CREATE VIEW v_x AS SELECT pwaudit_stored_instant(submitted_at) FROM candidate")
            _ = try strings(database, "SELECT * FROM v_x")
        }
    }
}
