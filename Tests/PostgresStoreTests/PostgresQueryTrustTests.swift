import Foundation
import PostgresStore
import PwauditTestSupport
import Testing

/// `pwaudit query` on PostgreSQL through the built binary (`pwaudit query --db <reader URI> SQL`), as an auditor runs
/// it: connected as the database's reader role, every statement `PostgresQueryRunnerTests.refusedStatements` lists
/// (SQLite's refused list, then what a read-only transaction still allows on PostgreSQL) is refused with exit 65 and
/// its reason, what the role may not read with exit 77, and none of it changes the row counts, the database's files,
/// the lock table or the reader's session; connected as a superuser or a role with write grants, `query` refuses to
/// run (77).
@Suite(
    .enabled(if: PostgresTestCluster.isEnabled, PostgresTestCluster.skipReason),
    .enabled(if: BuiltBinary.url != nil, "skipped: no built pwaudit executable beside the tests or in .build/"))
struct PostgresQueryTrustTests {
    struct Outcome {
        let ending: SpawnedChild.Ending?
        let out: String
        let err: String
    }

    /// Runs `pwaudit query SQL --db uri` to its end.
    private static func query(_ sql: String, uri: String, in directory: TemporaryDirectory) throws -> Outcome {
        let binary = try #require(BuiltBinary.url).path
        let name = UUID().uuidString
        let outPath = directory.path("out-\(name)")
        let errPath = directory.path("err-\(name)")
        let out = open(outPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let err = open(errPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer {
            close(out)
            close(err)
            close(null)
        }
        let child = try SpawnedChild(
            binary, ["query", "--db", uri, "--format", "csv", "--", sql], stdin: null, stdout: out, stderr: err)
        let ending = child.wait(seconds: 120)
        return Outcome(
            ending: ending, out: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            err: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }

    /// Waits until no `pwaudit` backend but the fixture's own two is connected to its database (the last query's
    /// has ended).
    private static func settle(_ fixture: PostgresRolesFixture) throws {
        let reader = try fixture.reader.firstRow("SELECT pg_backend_pid()")?.int64(at: 0) ?? 0
        let gone = try waitUntil(seconds: 10) {
            try fixture.superuser.firstRow(
                """
                SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'pwaudit'
                    AND pid NOT IN (pg_backend_pid(), $1)
                """, [.integer(reader)]
            )?.int(at: 0) == 0
        }
        #expect(gone, "a pwaudit backend was left connected")
    }

    /// What a refused statement must leave as it was: the fixture's snapshot, and the objects of the database's
    /// catalogs (relations, functions, triggers, large objects, schemas), counted.
    struct State {
        let snapshot: PostgresRolesFixture.Snapshot
        let objects: [String]

        init(_ fixture: PostgresRolesFixture) throws {
            snapshot = try fixture.snapshot()
            objects = try fixture.superuser.rows(
                """
                SELECT concat_ws(' ', (SELECT count(*) FROM pg_class), (SELECT count(*) FROM pg_proc),
                    (SELECT count(*) FROM pg_trigger), (SELECT count(*) FROM pg_largeobject_metadata),
                    (SELECT count(*) FROM pg_namespace))
                """
            ).compactMap { $0.string(at: 0) }
        }
    }

    /// Expects the fixture's state to equal `before`, naming what differs. Files are compared for the database's own
    /// relations (a relfilenode from 16384, `FirstNormalObjectId`): a system catalog's file may grow under autovacuum's
    /// statistics while a test runs; what a statement would add to the catalogs, the object counts show.
    private static func expectUnchanged(_ fixture: PostgresRolesFixture, since before: State) throws {
        let after = try State(fixture)
        #expect(after.snapshot.rowCounts == before.snapshot.rowCounts)
        func own(_ files: [String: Int]) -> [String: Int] {
            files.filter { (Int($0.key.prefix { $0.isNumber }) ?? 0) >= 16384 }
        }
        let (old, new) = (own(before.snapshot.files), own(after.snapshot.files))
        let changed = Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }
        #expect(changed.isEmpty, "files: \(changed.sorted().map { "\($0) \(old[$0] ?? -1) → \(new[$0] ?? -1)" })")
        #expect(after.objects == before.objects)
        #expect(after.snapshot.locks == before.snapshot.locks)
        #expect(after.snapshot.session == before.snapshot.session)
    }

    @Test(
        "as the reader, every refused statement is refused by the CLI (65) and changes nothing; a table is 77",
        .timeLimit(.minutes(10)))
    func readerRefusalsChangeNothing() throws {
        let fixture = try PostgresRolesFixture()
        let directory = try TemporaryDirectory(prefix: "pwaudit-pg-query")
        let reader = fixture.database.cluster.uri(database: fixture.database.name, user: fixture.setup.roles.reader)
        try fixture.settle()
        let before = try State(fixture)

        // Positive control: the reader's query runs and streams the view's rows.
        let runs = try Self.query("SELECT id, status FROM v_run ORDER BY id", uri: reader, in: directory)
        #expect(runs.ending == .exited(0), "\(runs.err)")
        #expect(runs.out.split(whereSeparator: \.isNewline) == ["id,status", "1,complete", "2,running"], "\(runs.out)")

        for (sql, words) in PostgresQueryRunnerTests.refusedStatements {
            let outcome = try Self.query(sql, uri: reader, in: directory)
            #expect(outcome.ending == .exited(65), "\(sql): \(outcome.err)")
            #expect(outcome.err.hasPrefix("Error: "), "\(sql): \(outcome.err)")
            #expect(outcome.err.contains(words), "\(sql): \(outcome.err)")
            #expect(outcome.err.split(separator: "\n").count == 1, "\(sql): \(outcome.err)")
            #expect(outcome.out.isEmpty, "\(sql): \(outcome.out)")
        }
        for sql in [
            "SELECT count(*) FROM candidate", "SELECT * FROM attempt_row", "TABLE import_run",
            "SELECT * FROM schema_migrations",
            "SELECT * FROM fingerprint_key_check", "SELECT nextval('policy_id_seq')",
        ] {
            let outcome = try Self.query(sql, uri: reader, in: directory)
            #expect(outcome.ending == .exited(77), "\(sql): \(outcome.err)")
            #expect(outcome.err.contains("may read only the v_* views"), "\(sql): \(outcome.err)")
            #expect(outcome.out.isEmpty)
        }
        for sql in ["SELECT * FROM v_run FOR UPDATE", "SELECT * FROM v_run FOR SHARE"] {
            let outcome = try Self.query(sql, uri: reader, in: directory)
            #expect(outcome.ending == .exited(65) || outcome.ending == .exited(77), "\(sql): \(outcome.err)")
            #expect(outcome.err.hasPrefix("Error: refused: "), "\(sql): \(outcome.err)")
        }
        try Self.settle(fixture)
        try Self.expectUnchanged(fixture, since: before)
    }

    @Test("connected as a superuser or a role with write grants, query refuses to run (77) and changes nothing")
    func privilegedRolesAreRefused() throws {
        let fixture = try PostgresRolesFixture()
        let directory = try TemporaryDirectory(prefix: "pwaudit-pg-query")
        let cluster = fixture.database.cluster
        let granted = "gr_" + fixture.database.name
        try fixture.superuser.execute(
            "CREATE ROLE \(granted) LOGIN; GRANT SELECT ON ALL TABLES IN SCHEMA public TO \(granted); "
                + "GRANT DELETE ON rejected_row TO \(granted)")
        try fixture.settle()
        let before = try State(fixture)
        let roles: [(String, String)] = [
            (PostgresTestCluster.superuser, "is a superuser"),
            (fixture.setup.roles.writer, "may write to pwaudit's tables"),
            (granted, "may write to pwaudit's tables (rejected_row)"),
        ]
        for (role, reason) in roles {
            let uri = cluster.uri(database: fixture.database.name, user: role)
            for sql in ["SELECT 1", "DELETE FROM rejected_row", "SELECT count(*) FROM v_run"] {
                let outcome = try Self.query(sql, uri: uri, in: directory)
                let refusedFirst = sql.hasPrefix("DELETE")  // the statement check runs before the role's
                #expect(outcome.ending == .exited(refusedFirst ? 65 : 77), "\(role) \(sql): \(outcome.err)")
                if !refusedFirst {
                    #expect(outcome.err.contains(reason), "\(role): \(outcome.err)")
                    #expect(outcome.err.contains(fixture.setup.roles.reader), "\(role): \(outcome.err)")
                }
                #expect(outcome.out.isEmpty)
            }
        }
        try Self.settle(fixture)
        try Self.expectUnchanged(fixture, since: before)
    }
}
