import AuditRepositories
import ExitStatus
import Foundation
import PostgresStore
import PwauditTestSupport
import Testing

/// `pwaudit query` on PostgreSQL against the throwaway cluster, connected as the database's reader role: what it
/// refuses changes nothing (row counts, the database's files, the lock table), it refuses to run as a superuser or a
/// role that may write, and what it runs streams typed rows within its time limit.
@Suite(.enabled(if: PostgresTestCluster.isEnabled, PostgresTestCluster.skipReason))
struct PostgresQueryRunnerTests {
    private func limits(seconds: Double = 30) -> QueryLimits { QueryLimits(deadline: QueryDeadline(seconds: seconds)) }

    /// SQLite's refused list (`QueryCommandTests.refused`) in PostgreSQL's words, then what a read-only transaction
    /// still allows on PostgreSQL; each with the words its refusal must say.
    static let refusedStatements: [(String, String)] = [
        ("INSERT INTO policy (name, created_at) VALUES ('x', now())", "INSERT statements"),
        ("UPDATE import_run SET label = 'x'", "UPDATE statements"),
        ("DELETE FROM candidate", "DELETE statements"),
        ("DROP TABLE candidate", "DROP statements"),
        ("DROP VIEW v_run", "DROP statements"),
        ("CREATE TABLE t (a int)", "CREATE statements"),
        ("CREATE TEMP TABLE t (a int)", "CREATE statements"),
        ("CREATE TEMP VIEW t AS SELECT 1", "CREATE statements"),
        ("CREATE INDEX i ON candidate (length)", "CREATE statements"),
        ("CREATE FUNCTION f() RETURNS int LANGUAGE sql AS 'SELECT 1'", "CREATE statements"),
        ("ALTER TABLE candidate ADD COLUMN x int", "ALTER statements"),
        ("CREATE EXTENSION dblink", "CREATE statements"),
        ("LOAD 'dblink'", "LOAD statements"),
        ("VACUUM", "VACUUM statements"),
        ("VACUUM FULL candidate", "VACUUM statements"),
        ("ANALYZE", "ANALYZE statements"),
        ("REINDEX TABLE candidate", "REINDEX statements"),
        ("TRUNCATE candidate", "TRUNCATE statements"),
        ("PRAGMA journal_mode", "PRAGMA statements"),
        ("BEGIN", "BEGIN statements"),
        ("START TRANSACTION READ WRITE", "START statements"),
        ("SAVEPOINT s", "SAVEPOINT statements"),
        ("COMMIT", "COMMIT statements"),
        ("WITH x AS (SELECT 1 AS a) INSERT INTO policy (name, created_at) SELECT 'y', now() FROM x", "INSERT"),
        ("WITH x AS (SELECT id FROM import_run) DELETE FROM import_run WHERE id IN (SELECT id FROM x)", "DELETE"),
        ("WITH x AS (SELECT 1) UPDATE import_run SET label = 'y'", "UPDATE"),
        ("WITH d AS (DELETE FROM candidate RETURNING id) SELECT count(*) FROM d", "DELETE"),
        ("WITH m AS (MERGE INTO policy p USING v_run r ON false WHEN NOT MATCHED THEN DO NOTHING) SELECT 1", "MERGE"),
        ("SELECT * INTO copy_of_run FROM v_run", "SELECT … INTO"),
        ("SELECT 1; DELETE FROM candidate", "more than one statement"),
        ("SELECT 1; SELECT 2", "more than one statement"),
        ("SELECT 1 /* ; */ ; SELECT 2", "more than one statement"),
        ("SELECT ';', $$;$$ ; SELECT 2", "more than one statement"),
        // What a READ ONLY transaction still runs.
        ("SET statement_timeout = 0", "SET statements"),
        ("SET ROLE pwaudit_test", "SET statements"),
        ("SET SESSION AUTHORIZATION pwaudit_test", "SET statements"),
        ("RESET statement_timeout", "RESET statements"),
        ("SELECT set_config('statement_timeout', '0', false)", "function set_config"),
        ("SELECT pg_catalog.set_config('work_mem', '1GB', true)", "function set_config"),
        ("SELECT \"set_config\"('statement_timeout', '0', false)", "function set_config"),
        ("SELECT/**/set_config('statement_timeout', '0', false)", "function set_config"),
        ("SELECT pg_advisory_lock(1)", "function pg_advisory_lock"),
        ("SELECT pg_try_advisory_lock(1, 2)", "function pg_try_advisory_lock"),
        ("SELECT pg_advisory_xact_lock_shared(1)", "function pg_advisory_xact_lock_shared"),
        ("SELECT run_id FROM v_run WHERE pg_try_advisory_xact_lock(run_id)", "function pg_try_advisory_xact_lock"),
        ("SELECT lo_export(1, '/tmp/pwaudit-lo')", "function lo_export"),
        ("SELECT lo_import('/etc/hostname')", "function lo_import"),
        ("SELECT lo_creat(-1)", "function lo_creat"),
        ("SELECT lo_from_bytea(0, 'x')", "function lo_from_bytea"),
        ("COPY candidate TO STDOUT", "COPY statements"),
        ("COPY (SELECT * FROM v_run) TO '/tmp/pwaudit-copy'", "COPY statements"),
        ("SELECT pg_read_file('/etc/hostname')", "function pg_read_file"),
        ("SELECT pg_read_binary_file('postmaster.pid')", "function pg_read_binary_file"),
        ("SELECT * FROM pg_ls_dir('.')", "function pg_ls_dir"),
        ("SELECT * FROM pg_stat_file('postmaster.pid')", "function pg_stat_file"),
        ("SELECT dblink('dbname=postgres', 'SELECT 1')", "function dblink"),
        ("SELECT dblink_exec('dbname=postgres', 'CREATE TABLE x ()')", "function dblink_exec"),
        ("LISTEN channel", "LISTEN statements"),
        ("NOTIFY channel", "NOTIFY statements"),
        ("SELECT pg_notify('channel', 'x')", "function pg_notify"),
        ("DO $$BEGIN PERFORM 1; END$$", "DO statements"),
        ("CALL p()", "CALL statements"),
        ("PREPARE p AS SELECT 1", "PREPARE statements"),
        ("EXECUTE p", "EXECUTE statements"),
        ("DECLARE c CURSOR FOR SELECT 1", "DECLARE statements"),
        ("LOCK TABLE candidate", "LOCK statements"),
        ("SELECT pg_terminate_backend(pg_backend_pid())", "function pg_terminate_backend"),
        ("SELECT pg_cancel_backend(1)", "function pg_cancel_backend"),
        ("SELECT txid_current()", "function txid_current"),
        ("SELECT pg_current_xact_id()", "function pg_current_xact_id"),
        ("SELECT pg_export_snapshot()", "function pg_export_snapshot"),
        ("SELECT query_to_xml('SELECT pg_advisory_lock(1)', true, true, '')", "function query_to_xml"),
        ("SELECT * FROM ts_stat('SELECT 1')", "function ts_stat"),
        (
            "CREATE TRIGGER g AFTER INSERT ON policy FOR EACH ROW EXECUTE FUNCTION pwaudit_refuse('x')",
            "CREATE statements"
        ),
        ("ATTACH DATABASE 'other.db' AS other", "ATTACH statements"),
        ("SELECT load_extension('/nonexistent/ext')", "function load_extension"),
        ("SELECT * FROM pragma_journal_mode", "function pragma_journal_mode"),
        ("RESET ALL", "RESET statements"),
        ("COPY candidate TO '/tmp/pwaudit-never'", "COPY statements"),
        ("SELECT * INTO TEMP t FROM v_run", "SELECT … INTO"),
        ("EXPLAIN ANALYZE DELETE FROM policy", "EXPLAIN statements"),
        ("SHOW ALL", "SHOW statements"),
        ("CHECKPOINT", "CHECKPOINT statements"),
        ("SELECT pg_reload_conf()", "function pg_reload_conf"),
        ("SELECT pg_create_restore_point('x')", "function pg_create_restore_point"),
        ("SELECT 'open", "not closed"),
        ("SELECT 1 /* open", "not closed"),
        ("", "the query is empty"),
        ("-- only a comment\n;", "the query is empty"),
    ]

    @Test(
        "as the reader, every refused statement is refused before it runs and changes nothing", .timeLimit(.minutes(5)))
    func refusedStatementsChangeNothing() throws {
        let fixture = try PostgresRolesFixture()
        try fixture.settle()
        let runner = PostgresQueryRunner(connection: fixture.reader)
        let before = try fixture.snapshot()
        for (sql, words) in Self.refusedStatements {
            let error = try #require(throws: QueryError.self, "\(sql)") {
                try runner.run(sql, limits: limits(), into: CollectingReceiver())
            }
            #expect(error.exitCode == .dataError, "\(sql)")
            #expect(error.userMessage.contains(words), "\(sql): \(error.userMessage)")
            #expect(!fixture.reader.isInsideTransaction, "\(sql) left a transaction open")
        }
        #expect(try fixture.snapshot() == before)
    }

    @Test("the snapshot sees what a statement that ran would change: rows, files and locks")
    func snapshotSeesChanges() throws {
        let fixture = try PostgresRolesFixture()
        try fixture.settle()
        let writer = try fixture.connect(as: fixture.setup.roles.writer)
        var before = try fixture.snapshot()
        try writer.execute("INSERT INTO policy (name, created_at) VALUES ('second', now())", [])
        var after = try fixture.snapshot()
        #expect(after.rowCounts != before.rowCounts)
        before = after
        try fixture.superuser.execute("CREATE TABLE made (a int)")
        after = try fixture.snapshot()
        #expect(after.files != before.files)
        before = after
        _ = try writer.firstRow("SELECT pg_advisory_lock(7)")
        #expect(try fixture.snapshot().locks != before.locks)
    }

    @Test(
        "what the role refuses (a table, a view without v_, a row lock) is a permission error (77) that changes nothing"
    )
    func roleRefusalsChangeNothing() throws {
        let fixture = try PostgresRolesFixture()
        try fixture.settle()
        let runner = PostgresQueryRunner(connection: fixture.reader)
        let before = try fixture.snapshot()
        for sql in [
            "SELECT count(*) FROM candidate", "SELECT * FROM attempt", "TABLE import_run",
            "SELECT * FROM schema_migrations",
            "SELECT * FROM v_run FOR UPDATE", "SELECT * FROM v_run FOR NO KEY UPDATE",
            "SELECT nextval('policy_id_seq')",
        ] {
            let error = try #require(throws: QueryError.self, "\(sql)") {
                try runner.run(sql, limits: limits(), into: CollectingReceiver())
            }
            #expect(error.exitCode == .noPermission || error.userMessage.contains("READ ONLY"), "\(sql): \(error)")
            #expect(error.userMessage.hasPrefix("refused: "), "\(sql): \(error.userMessage)")
            #expect(!error.userMessage.contains("ERROR:"), "\(error.userMessage)")
        }
        #expect(try fixture.snapshot() == before)
    }

    @Test("the views stream typed rows; a result without rows still names its columns")
    func viewsStreamTypedRows() throws {
        let fixture = try PostgresRolesFixture()
        let runner = PostgresQueryRunner(connection: fixture.reader)
        let receiver = CollectingReceiver()
        try runner.run("SELECT id, label, started_at, status FROM v_run ORDER BY id", limits: limits(), into: receiver)
        #expect(receiver.columns == ["id", "label", "started_at", "status"])
        #expect(
            receiver.rows == [
                [.integer(1), .text("first"), .text("2026-01-02T03:04:05Z"), .text("complete")],
                [.integer(2), .null, .text("2026-02-01T00:00:00Z"), .text("running")],
            ])
        let typed = CollectingReceiver()
        try runner.run(
            "SELECT 7::int2 AS a, 8::int4, 9::int8, 0.5::float8, true, false, '\\x00ff'::bytea, 1.25::numeric, NULL",
            limits: limits(), into: typed)
        #expect(
            typed.rows == [
                [
                    .integer(7), .integer(8), .integer(9), .real(0.5), .integer(1), .integer(0), .blob([0, 0xFF]),
                    .real(1.25), .null,
                ]
            ])
        let empty = CollectingReceiver()
        try runner.run("SELECT id AS r FROM v_run WHERE false", limits: limits(), into: empty)
        #expect(empty.columns == ["r"])
        #expect(empty.rows.isEmpty)
        let verdicts = CollectingReceiver()
        try runner.run("SELECT * FROM v_attempt", limits: limits(), into: verdicts)
        #expect(verdicts.rows.count == 200)
    }

    @Test("pg_sleep past --timeout is stopped by the server's statement_timeout", .timeLimit(.minutes(3)))
    func sleepPastTheTimeoutStops() throws {
        let fixture = try PostgresRolesFixture()
        let runner = PostgresQueryRunner(connection: fixture.reader)
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(throws: QueryError.self) {
            try runner.run("SELECT pg_sleep(30)", limits: limits(seconds: 1), into: CollectingReceiver())
        }
        #expect(error == .timedOut(seconds: 1))
        #expect(start.duration(to: clock.now) < .seconds(3))
        #expect(!fixture.reader.isInsideTransaction)
    }

    @Test("a receiver's error stops a query of ten billion rows at once, and the connection stays usable")
    func receiverStopsTheQuery() throws {
        struct Stop: Error {}
        final class Stopping: QueryRowReceiver {
            var rows = 0
            func receive(columns: [String]) throws {}
            func receive(row: [SQLValue]) throws {
                rows += 1
                if rows == 3 { throw Stop() }
            }
        }
        let fixture = try PostgresRolesFixture()
        let runner = PostgresQueryRunner(connection: fixture.reader)
        let receiver = Stopping()
        #expect(throws: Stop.self) {
            try runner.run("SELECT generate_series(1, 10000000000)", limits: limits(seconds: 60), into: receiver)
        }
        #expect(receiver.rows == 3)
        let after = CollectingReceiver()
        try runner.run("SELECT 1", limits: limits(), into: after)
        #expect(after.rows == [[.integer(1)]])
    }

    @Test("a value longer than the limit stops the query")
    func longValueStops() throws {
        let fixture = try PostgresRolesFixture()
        let runner = PostgresQueryRunner(connection: fixture.reader)
        var bounded = limits()
        bounded.maximumValueBytes = 1000
        let error = try #require(throws: QueryError.self) {
            try runner.run("SELECT repeat('x', 1001) FROM v_run", limits: bounded, into: CollectingReceiver())
        }
        #expect(error == .valueTooLong(bytes: 1000))
        try runner.run("SELECT repeat('x', 1000)", limits: bounded, into: CollectingReceiver())
    }

    @Test("connected as a superuser, the owner, the writer or a role that may create roles, query refuses to run (77)")
    func privilegedRolesAreRefused() throws {
        let fixture = try PostgresRolesFixture()
        let owner = "own_" + fixture.database.name
        let maker = "mk_" + fixture.database.name
        try fixture.superuser.execute(
            "CREATE ROLE \(owner) LOGIN; ALTER TABLE candidate OWNER TO \(owner); "
                + "CREATE ROLE \(maker) LOGIN CREATEROLE")
        let cases: [(PostgresConnection, String)] = [
            (fixture.superuser, "is a superuser"),
            (try fixture.connect(as: fixture.setup.roles.writer), "may write to pwaudit's tables"),
            (try fixture.connect(as: owner), "may write to pwaudit's tables (candidate)"),
            (try fixture.connect(as: maker), "may create roles"),
        ]
        for (connection, reason) in cases {
            let error = try #require(throws: QueryError.self) {
                try PostgresQueryRunner(connection: connection).run(
                    "SELECT 1", limits: limits(), into: CollectingReceiver())
            }
            #expect(error.exitCode == .noPermission)
            #expect(error.userMessage.contains(reason), "\(error.userMessage)")
            #expect(
                error.userMessage.contains(PostgresRoles.quoted(fixture.setup.roles.reader)), "\(error.userMessage)")
        }
    }

    @Test("a reader that tries to write (as import would) gets a permission error (77) in one sentence")
    func readerWriteIsAPermissionError() throws {
        let fixture = try PostgresRolesFixture()
        let error = try #require(throws: PostgresError.self) {
            try fixture.reader.execute(
                "INSERT INTO import_run (id, source_name, source_bytes, source_sha256, started_at, pwaudit_version, pid) "
                    + "VALUES ($1, 'c.csv', 1, repeat('c', 64), now(), 'test', 3)", [.integer(3)])
        }
        #expect(error.exitCode == .noPermission)
        #expect(
            error.userMessage.hasPrefix("PostgreSQL refused this role: permission denied for table import_run"),
            "\(error.userMessage)")
        #expect(error.userMessage.contains("_writer"))
        #expect(!error.userMessage.contains("\n") && !error.userMessage.contains("ERROR:"))
    }
}
