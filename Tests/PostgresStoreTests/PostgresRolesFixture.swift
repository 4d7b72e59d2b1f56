import AuditRepositories
import Foundation
import PostgresStore
import PwauditTestSupport

/// A database of the test cluster migrated to pwaudit's schema (`PostgresMigrator`), with a policy, two runs and 200
/// candidates, and its two roles set up by a superuser (`PostgresRoleSetup.ensure`), plus connections as the
/// superuser and as the reader.
final class PostgresRolesFixture {
    let database: PostgresTestDatabase
    let superuser: PostgresConnection
    let setup: PostgresRoleSetup
    let reader: PostgresConnection

    /// The rows the fixture holds, in the migrated schema's tables.
    static let rows = """
        INSERT INTO policy (name, created_at) VALUES ('corp', '2026-01-02T03:04:05Z');
        INSERT INTO policy_version (policy_id, version, definition, definition_sha256, effective_from, created_at)
            VALUES (1, 1, '{}', repeat('0', 64), '2026-01-01T00:00:00Z', '2026-01-02T03:04:05Z');
        INSERT INTO import_run (id, source_name, source_bytes, source_sha256, label, started_at, status,
                                pwaudit_version, pid)
            VALUES (1, 'a.csv', 10, repeat('a', 64), 'first', '2026-01-02T03:04:05Z', 'complete', 'test', 1),
                   (2, 'b.csv', 20, repeat('b', 64), NULL, '2026-02-01T00:00:00Z', 'running', 'test', 2);
        INSERT INTO import_run_policy (run_id, policy_version_id, slot) VALUES (1, 1, 0), (2, 1, 0);
        INSERT INTO candidate (id, run_id, line, fingerprint, length, upper_count, lower_count, digit_count,
                               special_count, other_letter_count, space_count, other_count, mask_0)
            SELECT ((1 + g % 2)::bigint << 32) + g, 1 + g % 2, g, decode(md5(g::text), 'hex'), 8 + g % 5,
                   1, 5, 2, 0, 0, 0, 0, g % 3
            FROM generate_series(1, 200) AS g;
        """

    /// Migrates `connection`'s database and fills it with `rows`.
    static func migrateAndFill(_ connection: PostgresConnection) throws {
        try PostgresMigrator().migrate(connection)
        try connection.execute(rows)
    }

    init() throws {
        database = try PostgresTestCluster.shared().createDatabase()
        superuser = try PostgresConnection(database.uri)
        try Self.migrateAndFill(superuser)
        setup = try PostgresRoleSetup.ensure(on: superuser)
        reader = try Self.connect(database, as: setup.roles.reader)
    }

    /// A connection to the fixture's database as `role`.
    func connect(as role: String) throws -> PostgresConnection { try Self.connect(database, as: role) }

    private static func connect(_ database: PostgresTestDatabase, as role: String) throws -> PostgresConnection {
        try PostgresConnection(database.cluster.uri(database: database.name, user: uriEncoded(role)))
    }

    /// What a refused statement must leave as it was: every table's row count, the database's files (names and sizes
    /// under `base/<oid>`), and the locks held in the database or by `reader`'s backend.
    ///
    /// The files are the fixture database's own directory: the cluster's other directories are shared with the
    /// databases of tests running in parallel, whose writes change them. `pg_internal.init` (the relation cache a new
    /// backend may write) is left out. Sizes, not contents: reads set hint bits on pages, which may be written later
    /// without any row changing; a new relation, a table or large object grown, or a file removed all change a size.
    struct Snapshot: Equatable {
        let rowCounts: [String: Int]
        let files: [String: Int]
        let locks: [String]
        /// The reader's session: its role and the settings a query would want to change.
        let session: [String]
    }

    func snapshot() throws -> Snapshot {
        let tables = try superuser.rows(
            "SELECT c.relname FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'")
        var counts: [String: Int] = [:]
        for row in tables {
            let name = row.string(at: 0) ?? ""
            counts[name] = try superuser.firstRow("SELECT count(*) FROM \(PostgresRoles.quoted(name))")?.int(at: 0)
        }
        let oid = try superuser.firstRow("SELECT oid FROM pg_database WHERE datname = current_database()")?.int(at: 0)
        let directory = "\(database.cluster.directory)/data/base/\(oid ?? 0)"
        var files: [String: Int] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) where name != "pg_internal.init" {
            let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/" + name)
            files[name] = (attributes[.size] as? NSNumber)?.intValue ?? -1
        }
        let readerPID = try readerBackend()
        let locks = try superuser.rows(
            """
            SELECT concat_ws(' ', locktype, relation::regclass::text, classid, objid, objsubid, mode, granted, pid)
            FROM pg_locks
            WHERE pid <> pg_backend_pid()
              AND (database = (SELECT oid FROM pg_database WHERE datname = current_database()) OR pid = $1)
            ORDER BY 1
            """, [.integer(readerPID)]
        ).compactMap { $0.string(at: 0) }
        let session = try reader.rows(
            """
            SELECT current_user || '/' || current_setting('role') || ' timeout=' || current_setting('statement_timeout')
                || ' work_mem=' || current_setting('work_mem') || ' temp=' || (SELECT count(*) FROM pg_class
                WHERE relpersistence = 't')
            """
        ).compactMap { $0.string(at: 0) }
        return Snapshot(rowCounts: counts, files: files, locks: locks, session: session)
    }

    private var readerPID: Int64?

    private func readerBackend() throws -> Int64 {
        if let readerPID { return readerPID }
        let pid = try reader.firstRow("SELECT pg_backend_pid()")?.int64(at: 0) ?? -1
        readerPID = pid
        return pid
    }

    /// VACUUM ANALYZE the database, so that autovacuum finds nothing to do while a test compares snapshots, then
    /// CHECKPOINT: a dropped relation's file stays, emptied, until the next checkpoint unlinks it (one a migration
    /// dropped would otherwise vanish between two snapshots when another test's checkpoint comes).
    func settle() throws {
        try superuser.execute("VACUUM ANALYZE")
        try superuser.execute("CHECKPOINT")
    }

    private static func uriEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "_-.")))
            ?? text
    }
}

/// A `QueryRowReceiver` that keeps what it is given.
final class CollectingReceiver: QueryRowReceiver {
    private(set) var columns: [String] = []
    private(set) var rows: [[SQLValue]] = []

    func receive(columns: [String]) throws { self.columns = columns }
    func receive(row: [SQLValue]) throws { rows.append(row) }
}
