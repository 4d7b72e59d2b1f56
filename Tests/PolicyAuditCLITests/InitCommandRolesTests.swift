import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// `init` says what it did about the store beyond its schema: on PostgreSQL the roles `<db>_writer` and `<db>_reader`
/// it created, or the SQL an administrator must run when the connecting role may not create roles; on SQLite nothing.
@Suite("init: the roles it created, or the SQL to create them")
struct InitCommandRolesTests {
    @Test("a database file: init prints the database and the key, nothing about roles")
    func sqliteSaysNothingOfRoles() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let result = try cli.run(["init", "--db", "a.db"])
        #expect(result.code == .success, "\(result.err)")
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == 2, "\(result.out)")
        #expect(lines.first?.hasPrefix("database: ") == true && lines.last?.hasPrefix("key:      ") == true)
    }

    @Test(
        "as a superuser: init names the two roles it created; the reader can query and is refused writes (77)",
        .enabled(if: PostgresTestCluster.isEnabled, PostgresTestCluster.skipReason))
    func superuserCreatesTheRoles() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let database = try PostgresTestCluster.shared().createDatabase()
        let result = try cli.run(["init", "--db", database.uri, "--key-file", "a.key"])
        #expect(result.code == .success, "\(result.err)")
        let writer = "\(database.name)_writer"
        let reader = "\(database.name)_reader"
        #expect(result.out.contains("Created the roles \"\(writer)\" and \"\(reader)\"."), "\(result.out)")
        #expect(result.out.contains("connect as the writer"), "\(result.out)")
        #expect(!result.out.contains("Ask an administrator"), "\(result.out)")
        #expect(result.err.isEmpty, "\(result.err)")
        let query = try cli.run([
            "query", "SELECT count(*) AS n FROM v_run", "--db",
            database.cluster.uri(database: database.name, user: reader),
        ])
        #expect(query.out == "n\n-\n0\n(1 row)\n", "\(query.out)")
        #expect(query.code == .success, "\(query.err)")
        // What the reader may not do is refused as a permission error (77), not taken for another application's tables.
        let readerURI = database.cluster.uri(database: database.name, user: reader)
        try cli.write("corp.json", #"{"name": "corp", "rules": [{"rule": "length", "min": 8}]}"#)
        for arguments in [["policy", "add", "corp.json"], ["report"]] {
            let refused = try cli.run(arguments + ["--db", readerURI])
            #expect(refused.code == .noPermission, "\(arguments): \(refused.err)")
            #expect(refused.err.contains("PostgreSQL refused this role: permission denied"), "\(refused.err)")
        }

        let again = try cli.run(["init", "--db", database.uri, "--key-file", "a.key"])
        #expect(again.code == .success, "\(again.err)")
        #expect(!again.out.contains("Created the roles"), "a second init creates nothing: \(again.out)")
        #expect(again.out.contains("Roles \"\(writer)\" and \"\(reader)\""), "\(again.out)")
    }

    @Test(
        "without CREATEROLE: init succeeds (exit 0) and prints the SQL that, run by a superuser, makes both roles",
        .enabled(if: PostgresTestCluster.isEnabled, PostgresTestCluster.skipReason))
    func plainRoleGetsTheSQL() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let cluster = try PostgresTestCluster.shared()
        let database = try cluster.createDatabase()
        let owner = "plain_" + database.name
        try cluster.psql("CREATE ROLE \(owner) LOGIN; ALTER DATABASE \(database.name) OWNER TO \(owner)")
        try cluster.psql("GRANT CREATE ON SCHEMA public TO \(owner)", database: database.name)
        let result = try cli.run([
            "init", "--db", cluster.uri(database: database.name, user: owner), "--key-file", "a.key",
        ])
        #expect(result.code == .success, "\(result.err)")
        let reader = "\(database.name)_reader"
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(!result.out.contains("Created the roles"), "\(result.out)")
        #expect(result.out.contains("This role may not create the roles"), "\(result.out)")
        let ask = try #require(
            lines.firstIndex { $0.hasPrefix("Ask an administrator to run, as a superuser in database") },
            "\(result.out)")
        let statements = Array(lines[(ask + 1)...])
        #expect(statements.contains { $0.hasPrefix("CREATE ROLE \"\(reader)\" LOGIN") }, "\(statements)")
        #expect(statements.allSatisfy { $0.hasSuffix(";") }, "\(statements)")

        let readerURI = cluster.uri(database: database.name, user: reader)
        let before = try cli.run(["query", "SELECT count(*) AS n FROM v_run", "--db", readerURI])
        #expect(before.code != .success, "the reader does not exist yet")
        try cluster.psql(statements.joined(separator: "\n"), database: database.name)
        let after = try cli.run(["query", "SELECT count(*) AS n FROM v_run", "--db", readerURI])
        #expect(after.code == .success, "the printed SQL made a working reader: \(after.err)")
    }
}
