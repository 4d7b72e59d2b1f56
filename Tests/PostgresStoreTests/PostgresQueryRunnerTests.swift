import AuditRepositories
import Foundation
import PostgresStore
import PwauditTestSupport
import Testing

/// `pwaudit query`'s runner on PostgreSQL: it reads, with values as SQLite's runner gives them, and refuses every
/// statement SQLite's runner refuses plus what a read-only transaction would still allow, changing nothing.
@Suite(.enabled(if: PostgresTestCluster.isEnabled, PostgresTestCluster.skipReason))
struct PostgresQueryRunnerTests {
    /// Collects what the runner hands on.
    final class Collector: QueryRowReceiver {
        var columns: [String]?
        var rows: [[SQLValue]] = []
        var stopAfter: Int?
        struct Stop: Error {}

        func receive(columns: [String]) throws { self.columns = columns }
        func receive(row: [SQLValue]) throws {
            rows.append(row)
            if let stopAfter, rows.count >= stopAfter { throw Stop() }
        }
    }

    private struct Fixture {
        let database: PostgresTestDatabase
        let connection: PostgresConnection
        var runner: PostgresQueryRunner { PostgresQueryRunner(connection: connection) }

        /// One migrated database with a policy for every test of the suite (each connects on its own): creating and
        /// migrating one per refused statement would take a second each.
        private static let shared = Result { () throws -> PostgresTestDatabase in
            let database = try PostgresTestCluster.shared().createDatabase()
            let connection = try PostgresConnection(database.uri)
            try PostgresMigrator().migrate(connection)
            try connection.execute("INSERT INTO policy (name, created_at) VALUES ('corp', '2026-01-01T00:00:00Z')")
            return database
        }

        init() throws {
            database = try Self.shared.get()
            connection = try PostgresConnection(database.uri)
        }

        func run(_ sql: String, seconds: Double = 30, maximumValueBytes: Int = 1 << 20) throws -> Collector {
            let collector = Collector()
            try runner.run(
                sql,
                limits: QueryLimits(deadline: QueryDeadline(seconds: seconds), maximumValueBytes: maximumValueBytes),
                into: collector)
            return collector
        }

        /// Every table's row count, the advisory locks held, the session's role and settings, for before and after.
        func observable() throws -> [String] {
            var state = try connection.rows(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1"
            ).map { row in
                let table = row.string(at: 0) ?? ""
                return "\(table)=\(try connection.firstRow("SELECT count(*) FROM \"\(table)\"")?.int(at: 0) ?? -1)"
            }
            state += try connection.rows(
                """
                SELECT 'locks=' || count(*) FROM pg_locks WHERE locktype = 'advisory'
                UNION ALL SELECT 'role=' || current_user || '/' || current_setting('role')
                UNION ALL SELECT 'temp=' || count(*) FROM pg_class WHERE relpersistence = 't'
                UNION ALL SELECT 'timeout=' || current_setting('statement_timeout')
                """
            ).map { $0.string(at: 0) ?? "" }
            return state
        }
    }

    @Test func valuesComeAsSQLitesRunnerGivesThem() throws {
        let fixture = try Fixture()
        let result = try fixture.run(
            """
            SELECT true AS yes, 7::bigint AS n, 1.5::float8 AS d, 33.51::numeric AS pct, '\\x00ff'::bytea AS b,
                '2026-07-01T02:00:00+02:00'::timestamptz AS at, 'text' AS s, NULL AS nothing, 'set_config' AS quoted
            """)
        #expect(result.columns == ["yes", "n", "d", "pct", "b", "at", "s", "nothing", "quoted"])
        #expect(
            result.rows == [
                [
                    .integer(1), .integer(7), .real(1.5), .real(33.51), .blob([0, 0xFF]), .text("2026-07-01T00:00:00Z"),
                    .text("text"), .null, .text("set_config"),
                ]
            ])
        let empty = try fixture.run("-- the views\nSELECT reference FROM v_policy_version WHERE false; -- done")
        #expect(empty.columns == ["reference"])
        #expect(empty.rows.isEmpty)
        #expect(try fixture.run("TABLE policy").rows.count == 1)
        #expect(try fixture.run("VALUES (1), (2)").rows.count == 2)
        #expect(try fixture.run("SELECT $$dollar ; INSERT$$ AS x").rows == [[.text("dollar ; INSERT")]])
    }

    @Test func limitsStopTheQuery() throws {
        let fixture = try Fixture()
        let start = ContinuousClock.now
        #expect(throws: PostgresQueryError.timedOut(seconds: 0.3)) {
            try fixture.run("SELECT pg_sleep(20)", seconds: 0.3)
        }
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(throws: PostgresQueryError.valueTooLong(bytes: 1000)) {
            try fixture.run("SELECT repeat('x', 2000)", maximumValueBytes: 1000)
        }
        let collector = Collector()
        collector.stopAfter = 3
        #expect(throws: Collector.Stop.self) {
            try fixture.runner.run(
                "SELECT generate_series(1, 10000000000)", limits: QueryLimits(deadline: QueryDeadline(seconds: 60)),
                into: collector)
        }
        #expect(collector.rows.count == 3)
        #expect(try fixture.run("SELECT 1").rows == [[.integer(1)]], "the connection is usable afterwards")
    }

    @Test(
        "every statement SQLite's runner refuses, and what a read-only transaction allows, is refused, changing nothing",
        arguments: [
            // SQLite's list (QueryCommandTests.refused), in PostgreSQL's words where they differ.
            "INSERT INTO policy (name, created_at) VALUES ('x', now())", "UPDATE import_run SET label = 'x'",
            "DELETE FROM candidate", "DROP TABLE candidate", "DROP VIEW v_run", "CREATE TABLE t (a int)",
            "CREATE TEMP TABLE t (a int)", "CREATE TEMP VIEW t AS SELECT 1", "CREATE INDEX i ON candidate (length)",
            "CREATE TRIGGER g AFTER INSERT ON policy FOR EACH ROW EXECUTE FUNCTION pwaudit_refuse('x')",
            "ALTER TABLE candidate ADD COLUMN x int", "ATTACH DATABASE 'other.db' AS other", "VACUUM", "VACUUM policy",
            "PRAGMA journal_mode", "SELECT load_extension('/nonexistent/ext')", "SELECT * FROM pragma_journal_mode",
            "BEGIN", "SAVEPOINT s", "ANALYZE", "REINDEX TABLE policy",
            "WITH x AS (SELECT 1 AS a) INSERT INTO policy (name, created_at) SELECT 'y', now() FROM x",
            "WITH x AS (SELECT id FROM import_run) DELETE FROM import_run WHERE id IN (SELECT id FROM x)",
            "WITH x AS (SELECT 1) UPDATE import_run SET label = (SELECT * FROM x)",
            "WITH d AS (DELETE FROM policy RETURNING id) SELECT * FROM d",
            "SELECT 1; DELETE FROM candidate", "SELECT 1; SELECT 2", "SELECT 1 /* ; */ ; DELETE FROM policy",
            // What a read-only transaction still allows (issue 22, item 4).
            "SELECT set_config('statement_timeout', '0', false)", "SELECT pg_catalog.set_config('role', 'x', false)",
            "SELECT \"set_config\"('statement_timeout', '0', false)", "SET ROLE pwaudit_test",
            "SET statement_timeout = 0",
            "RESET ALL", "SELECT pg_advisory_lock(1)", "SELECT pg_try_advisory_xact_lock(1)",
            "SELECT pg_advisory_lock_shared(7)", "SELECT lo_export(0, 'NEVER')",
            "SELECT lo_import('/etc/hostname')", "COPY candidate TO 'NEVER'",
            "COPY (SELECT 1) TO STDOUT", "SELECT pg_read_file('/etc/hostname')",
            "SELECT pg_read_binary_file('/etc/hostname')", "SELECT * FROM pg_ls_dir('.')",
            "SELECT dblink_connect('x')", "SELECT * INTO TEMP t FROM policy", "SELECT * INTO t FROM policy",
            "SELECT * FROM policy FOR UPDATE", "SELECT nextval('policy_id_seq')", "NOTIFY x",
            "SELECT pg_notify('x', 'y')", "LISTEN x", "SELECT query_to_xml('DELETE FROM policy', true, true, '')",
            "DO $$BEGIN DELETE FROM policy; END$$", "LOCK policy", "EXPLAIN ANALYZE DELETE FROM policy",
            "PREPARE p AS DELETE FROM policy", "DECLARE c CURSOR FOR SELECT 1", "SELECT pg_terminate_backend(1)",
            "SELECT pg_reload_conf()", "SELECT txid_current()", "SHOW ALL", "CHECKPOINT", "LOAD 'plpgsql'",
        ])
    func refused(sql: String) throws {
        let fixture = try Fixture()
        let before = try fixture.observable()
        // A file the statement must not write: unique, as other runs of this suite may share /tmp.
        let never = "/tmp/pwaudit-never-\(UUID().uuidString)"
        let sql = sql.replacingOccurrences(of: "NEVER", with: never)
        let error = try #require(throws: PostgresQueryError.self) { try fixture.run(sql) }
        switch error {
        case .refused, .trailingStatement: break
        default: Issue.record("\(sql): \(error.userMessage)")
        }
        #expect(error.exitCode == .dataError)
        #expect(!fixture.connection.isInsideTransaction)
        #expect(try fixture.observable() == before, "\(sql)")
        #expect(!FileManager.default.fileExists(atPath: never))
    }
}
