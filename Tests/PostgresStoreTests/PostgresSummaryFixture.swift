import AuditRepositories
import PostgresStore
import PwauditTestSupport

/// A migrated throwaway database with policy versions, runs and candidates inserted by plain SQL, for the summary and
/// pruner tests (the run writer is tested on its own).
enum PostgresSummaryFixture {
    /// Runs `body` with a connection to a new, migrated database, which lives until `body` returns.
    static func withDatabase(_ body: (PostgresConnection) throws -> Void) throws {
        let database = try PostgresTestCluster.shared().createDatabase()
        let connection = try PostgresConnection(database.uri)
        _ = try PostgresMigrator().migrate(connection)
        try withExtendedLifetime(database) { try body(connection) }
    }

    /// Adds version `version` of policy `p` (creating the policy) and returns the version's id.
    static func addVersion(_ connection: PostgresConnection, version: Int64) throws -> Int64 {
        _ = try connection.execute(
            "INSERT INTO policy (name, created_at) VALUES ('p', now()) ON CONFLICT (name) DO NOTHING", [])
        let row = try connection.firstRow(
            """
            INSERT INTO policy_version (policy_id, version, definition, definition_sha256, effective_from, created_at)
            SELECT id, $1::bigint, '{"v":' || $1::bigint || '}', repeat(md5($1::bigint::text), 2), '2026-01-01', now() FROM policy
            WHERE name = 'p' RETURNING id
            """, [.integer(version)])
        return try row!.int64(at: 0)
    }

    /// Inserts run `id` (status `complete`, finished at `finished`) scoring `versionIDs` in slots 0… and returns its id.
    @discardableResult
    static func startRun(
        _ connection: PostgresConnection, id: Int64, versionIDs: [Int64], finished: String = "2026-03-10 00:00:00+00"
    ) throws -> Int64 {
        _ = try connection.execute(
            """
            INSERT INTO import_run (id, source_name, source_bytes, source_sha256, started_at, finished_at, status,
                pwaudit_version, pid)
            VALUES ($1, 'a.csv', 0, repeat('0', 64), $2::timestamptz - interval '1 minute', $2, 'complete', 'test', 1)
            """, [.integer(id), .text(finished)])
        for (slot, version) in versionIDs.enumerated() {
            _ = try connection.execute(
                "INSERT INTO import_run_policy (run_id, policy_version_id, slot) VALUES ($1, $2, $3)",
                [.integer(id), .integer(version), .integer(Int64(slot))])
        }
        return id
    }

    /// Inserts candidate `id` of `run` with inline masks `masks` (slot order).
    static func addCandidate(
        _ connection: PostgresConnection, id: Int64, run: Int64, username: String? = nil, time: String? = nil,
        masks: [Int64?] = []
    ) throws {
        let padded = masks + Array(repeating: nil, count: 4 - masks.count)
        _ = try connection.execute(
            """
            INSERT INTO candidate (id, run_id, line, username, submitted_at, fingerprint, length, upper_count,
                lower_count, digit_count, special_count, other_letter_count, space_count, other_count,
                mask_0, mask_1, mask_2, mask_3)
            VALUES ($1, $2, $1 & 4294967295, $3, $4, '\\x00', 8, 0, 8, 0, 0, 0, 0, 0, $5, $6, $7, $8)
            """,
            [.integer(id), .integer(run), username.map(SQLValue.text) ?? .null, time.map(SQLValue.text) ?? .null]
                + padded.map { $0.map(SQLValue.integer) ?? .null })
    }

    /// `run_account_summary` as "run|username|submitted_at|candidate_id|candidates" lines, by username then run.
    static func accounts(_ connection: PostgresConnection) throws -> [String] {
        try connection.rows(
            """
            SELECT run_id || '|' || username || '|'
                || coalesce(to_char(submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), '') || '|'
                || candidate_id || '|' || candidates
            FROM run_account_summary ORDER BY username, run_id
            """
        ).map { $0.string(at: 0) ?? "" }
    }
}
