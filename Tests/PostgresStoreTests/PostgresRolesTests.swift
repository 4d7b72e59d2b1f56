import AuditRepositories
import ExitStatus
import Foundation
import PostgresStore
import PwauditTestSupport
import Testing

/// The names of a database's two roles: `<db>_writer` and `<db>_reader`, valid and distinct whatever the name.
struct PostgresRoleNameTests {
    @Test func namesCarryTheDatabase() {
        let roles = PostgresRoles(database: "audit")
        #expect(roles.writer == "audit_writer")
        #expect(roles.reader == "audit_reader")
    }

    @Test("a long name is cut at a character boundary to 63 bytes and tagged by its digest, so two stay apart")
    func longNamesFitAndStayDistinct() {
        let long = String(repeating: "é", count: 40)  // 80 bytes
        let first = PostgresRoles(database: long + "a")
        let second = PostgresRoles(database: long + "b")
        for name in [first.writer, first.reader, second.writer, second.reader] {
            #expect(name.utf8.count <= PostgresRoles.maximumNameBytes, "\(name)")
            #expect(name.hasPrefix("éé"))
        }
        #expect(first.writer.hasSuffix("_writer") && first.reader.hasSuffix("_reader"))
        #expect(first.writer != second.writer)
        let exact = String(repeating: "a", count: 56)
        #expect(PostgresRoles(database: exact).writer == exact + "_writer", "56 + 7 bytes fit whole")
        #expect(PostgresRoles(database: exact + "a").writer.utf8.count == 63)
    }

    @Test("pg_ is reserved for the server's roles, and quotes are doubled in SQL")
    func reservedPrefixAndQuotes() {
        #expect(PostgresRoles(database: "pg_audit").reader == "pwaudit_pg_audit_reader")
        #expect(PostgresRoles.quoted("we\"ird db") == "\"we\"\"ird db\"")
        let statements = PostgresRoles(database: "a\"b").creationStatements()
        #expect(statements.first?.hasPrefix("CREATE ROLE \"a\"\"b_writer\" LOGIN") == true)
    }
}

/// `PostgresRoleSetup` against the throwaway cluster: the rights each role gets, the SQL left for an administrator,
/// the re-grant after a migration, and a database name that needs quoting and cutting.
@Suite(.enabled(if: PostgresTestCluster.isEnabled, PostgresTestCluster.skipReason))
struct PostgresRoleSetupTests {
    private func privilege(_ connection: PostgresConnection, _ role: String, _ object: String, _ right: String) throws
        -> Bool
    {
        try connection.firstRow(
            "SELECT has_table_privilege($1, $2, $3)", [.text(role), .text(object), .text(right)]
        )?.bool(at: 0) == true
    }

    @Test("a superuser creates both roles: the writer writes the tables, the reader only selects the v_ views")
    func superuserCreatesRolesWithTheirRights() throws {
        let fixture = try PostgresRolesFixture()
        let roles = fixture.setup.roles
        let connection = fixture.superuser
        #expect(fixture.setup.created == [roles.writer, roles.reader])
        #expect(fixture.setup.rolesReady)
        #expect(fixture.setup.administratorSQL.isEmpty)
        for table in ["policy", "import_run", "candidate", "attempt_row", "run_version_summary", "word_list"] {
            for right in ["SELECT", "INSERT", "UPDATE", "DELETE"] {
                #expect(try privilege(connection, roles.writer, table, right), "\(table) \(right)")
                #expect(try !privilege(connection, roles.reader, table, right), "\(table) \(right)")
            }
            #expect(try !privilege(connection, roles.writer, table, "TRUNCATE"))
        }
        for view in ["v_run", "v_attempt", "v_attempt_verdict", "v_compliance_finding", "v_run_summary"] {
            #expect(try privilege(connection, roles.reader, view, "SELECT"), "\(view)")
        }
        #expect(try !privilege(connection, roles.reader, "v_run", "INSERT"))
        #expect(try !privilege(connection, roles.reader, "attempt", "SELECT"), "a view without v_ is not the reader's")
        let attributes = try #require(
            try connection.firstRow(
                "SELECT bool_or(rolsuper OR rolcreaterole OR rolcreatedb), array_to_string(array_agg(rolconfig::text), ',') "
                    + "FROM pg_roles WHERE rolname IN ($1, $2)", [.text(roles.writer), .text(roles.reader)]))
        #expect(try !attributes.bool(at: 0))
        #expect(attributes.string(at: 1)?.contains("temp_file_limit=1048576") == true)
        // The writer may take the runs' advisory locks; the reader may not, even bypassing the statement check.
        let writer = try fixture.connect(as: roles.writer)
        #expect(try writer.firstRow("SELECT pg_try_advisory_lock(42)")?.bool(at: 0) == true)
        for sql in ["SELECT pg_advisory_lock(43)", "SELECT lo_creat(-1)", "SELECT pg_notify('c', 'x')"] {
            let error = try #require(throws: PostgresError.self, "\(sql)") { try fixture.reader.execute(sql, []) }
            #expect(error.sqlState == "42501", "\(sql): \(error)")
        }
        // Running it again changes nothing and creates nothing.
        let again = try PostgresRoleSetup.ensure(on: connection)
        #expect(again.created.isEmpty && again.rolesReady)
    }

    @Test("a role that may not create roles gets the SQL for an administrator, which then sets them up")
    func unprivilegedRoleGetsAdministratorSQL() throws {
        let database = try PostgresTestCluster.shared().createDatabase()
        let superuser = try PostgresConnection(database.uri)
        let plain = "plain_" + database.name
        try superuser.execute(
            "CREATE ROLE \(plain) LOGIN; GRANT CREATE ON SCHEMA public TO \(plain); "
                + "ALTER DATABASE \(database.name) OWNER TO \(plain)")
        let asPlain = try PostgresConnection(database.cluster.uri(database: database.name, user: plain))
        try PostgresRolesFixture.migrateAndFill(asPlain)
        let setup = try PostgresRoleSetup.ensure(on: asPlain)
        #expect(setup.created.isEmpty)
        #expect(!setup.rolesReady)
        #expect(setup.administratorSQL.contains { $0.hasPrefix("CREATE ROLE \"\(setup.roles.reader)\"") })
        #expect(setup.summary.contains("Ask an administrator to run"), "\(setup.summary)")
        #expect(
            try superuser.firstRow("SELECT count(*) FROM pg_roles WHERE rolname = $1", [.text(setup.roles.reader)])?
                .int(at: 0) == 0)
        for statement in setup.administratorSQL { try superuser.execute(statement) }
        #expect(try privilege(superuser, setup.roles.reader, "v_run", "SELECT"))
        #expect(try privilege(superuser, setup.roles.writer, "candidate", "INSERT"))
        #expect(try PostgresRoleSetup.ensure(on: asPlain).administratorSQL.count < setup.administratorSQL.count)
    }

    @Test("a role with CREATEROLE that owns the tables creates and grants; only the superuser's hardening is left")
    func createRoleOwnerCreatesRoles() throws {
        let database = try PostgresTestCluster.shared().createDatabase()
        let superuser = try PostgresConnection(database.uri)
        let maker = "maker_" + database.name
        try superuser.execute("CREATE ROLE \(maker) LOGIN CREATEROLE; GRANT CREATE ON SCHEMA public TO \(maker)")
        let asMaker = try PostgresConnection(database.cluster.uri(database: database.name, user: maker))
        try PostgresRolesFixture.migrateAndFill(asMaker)
        let setup = try PostgresRoleSetup.ensure(on: asMaker)
        #expect(setup.created == [setup.roles.writer, setup.roles.reader])
        #expect(setup.rolesReady)
        #expect(setup.administratorSQL.allSatisfy { $0.hasPrefix("ALTER ROLE") || $0.contains("FUNCTION") })
        let reader = try PostgresConnection(database.cluster.uri(database: database.name, user: setup.roles.reader))
        #expect(try reader.firstRow("SELECT count(*) FROM v_run")?.int(at: 0) == 2)
    }

    @Test("tables and views a later migration adds reach the roles by the re-grant the migrator runs")
    func regrantCoversLaterObjects() throws {
        let fixture = try PostgresRolesFixture()
        let roles = fixture.setup.roles
        try fixture.superuser.execute(
            "CREATE TABLE run_extra (id bigint PRIMARY KEY); CREATE VIEW v_extra AS SELECT id FROM run_extra")
        #expect(try !privilege(fixture.superuser, roles.reader, "v_extra", "SELECT"))
        #expect(try PostgresRoleSetup.regrant(on: fixture.superuser))
        #expect(try privilege(fixture.superuser, roles.reader, "v_extra", "SELECT"))
        #expect(try !privilege(fixture.superuser, roles.reader, "run_extra", "SELECT"))
        #expect(try privilege(fixture.superuser, roles.writer, "run_extra", "INSERT"))
        #expect(try !PostgresRoleSetup.regrant(on: fixture.reader), "the reader cannot grant and does not try")
    }

    @Test("the migrator re-grants: views an upgrade drops and makes again, and new ones, reach the reader")
    func upgradeRegrants() throws {
        let database = try PostgresTestCluster.shared().createDatabase()
        let superuser = try PostgresConnection(database.uri)
        try PostgresMigrator(migrations: Array(PostgresMigrator.embedded.prefix(1))).migrate(superuser)
        let setup = try PostgresRoleSetup.ensure(on: superuser)
        #expect(try privilege(superuser, setup.roles.reader, "v_attempt", "SELECT"))
        try PostgresMigrator().migrate(superuser)  // 0002 drops v_attempt and makes it again; 0005 adds v_run_summary
        for view in ["v_attempt", "v_run_summary", "v_compliance_finding"] {
            #expect(try privilege(superuser, setup.roles.reader, view, "SELECT"), "\(view)")
        }
        #expect(try privilege(superuser, setup.roles.writer, "import_run_csv_options", "INSERT"))
        #expect(try !privilege(superuser, setup.roles.writer, "schema_migrations", "INSERT"))
        #expect(try privilege(superuser, setup.roles.writer, "schema_migrations", "SELECT"))
    }

    @Test("a database whose name needs quoting and cutting gets two working roles")
    func oddDatabaseName() throws {
        let cluster = try PostgresTestCluster.shared()
        // 63 bytes, the most a database name keeps: its roles' names must be cut.
        let name = "Odd \"na;me\" -- " + UUID().uuidString.prefix(8) + String(repeating: "ü", count: 20)
        let admin = try PostgresConnection(cluster.uri(database: "postgres"))
        try admin.execute("CREATE DATABASE \(PostgresRoles.quoted(name))")
        defer { try? admin.execute("DROP DATABASE \(PostgresRoles.quoted(name)) WITH (FORCE)") }
        let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
        let superuser = try PostgresConnection(cluster.uri(database: encoded))
        try PostgresRolesFixture.migrateAndFill(superuser)
        let setup = try PostgresRoleSetup.ensure(on: superuser)
        #expect(setup.rolesReady)
        #expect(setup.roles.reader.utf8.count <= 63)
        let exists = try superuser.firstRow(
            "SELECT count(*) FROM pg_roles WHERE rolname IN ($1, $2)",
            [.text(setup.roles.writer), .text(setup.roles.reader)])
        #expect(try exists?.int(at: 0) == 2)
        let reader = try PostgresConnection(
            cluster.uri(
                database: encoded,
                user: setup.roles.reader.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
        let receiver = CollectingReceiver()
        try PostgresQueryRunner(connection: reader).run(
            "SELECT count(*) AS n FROM v_run", limits: QueryLimits(deadline: QueryDeadline(seconds: 10)),
            into: receiver)
        #expect(receiver.rows == [[.integer(2)]])
    }
}
