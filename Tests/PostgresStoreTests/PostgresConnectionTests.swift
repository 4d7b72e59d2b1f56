import AuditRepositories
import ExitStatus
import PostgresStore
import PwauditTestSupport
import Testing

/// The libpq wrapper against a real server (the throwaway test cluster): parameters, streaming, COPY, transactions
/// and errors that carry no password and no bound value.
@Suite(.enabled(if: PostgresTestCluster.isEnabled, PostgresTestCluster.skipReason))
struct PostgresConnectionTests {
    private func connect() throws -> (PostgresConnection, PostgresTestDatabase) {
        let database = try PostgresTestCluster.shared().createDatabase()
        return (try PostgresConnection(database.uri), database)
    }

    @Test func parametersGoInAndValuesComeBackTyped() throws {
        let (connection, database) = try connect()
        try withExtendedLifetime(database) {
            try connection.execute("CREATE TABLE t (i bigint, d double precision, s text, b bytea, f boolean)")
            let changed = try connection.execute(
                "INSERT INTO t VALUES ($1, $2, $3, $4, $5), ($6, $7, $8, $9, $10)",
                [
                    .integer(-42), .real(0.1), .text("tab\there 'quote' \\ é"), .blob([0, 1, 0xFE, 0xFF]), .text("t"),
                    .null, .null, .null, .null, .null,
                ])
            #expect(changed == 2)
            let rows = try connection.rows("SELECT i, d, s, b, f FROM t ORDER BY i NULLS LAST")
            try #require(rows.count == 2)
            #expect(try rows[0].int64(at: 0) == -42)
            #expect(try rows[0].double(at: 1) == 0.1)
            #expect(rows[0].string(at: 2) == "tab\there 'quote' \\ é")
            #expect(try rows[0].blob(at: 3) == [0, 1, 0xFE, 0xFF])
            #expect(try rows[0].bool(at: 4))
            #expect(rows[0].columnName(at: 2) == "s")
            #expect((0..<5).allSatisfy { rows[1].isNull(at: $0) })
            #expect(try rows[1].optionalInt(at: 0) == nil)
            #expect(throws: PostgresError.self) { try rows[1].int(at: 0) }
            #expect(try connection.firstRow("SELECT 1 WHERE false") == nil)
        }
    }

    @Test("forEachRow streams one row at a time and stops the server when the body throws")
    func rowsStreamAndStopEarly() throws {
        struct Enough: Error {}
        let (connection, database) = try connect()
        try withExtendedLifetime(database) {
            var sum: Int64 = 0
            let count = try connection.forEachRow("SELECT g FROM generate_series(1, $1::int) AS g", [.integer(100_000)])
            { row in sum += try row.int64(at: 0) }
            #expect(count == 100_000)
            #expect(sum == 100_000 * 100_001 / 2)
            // Ten billion rows would not fit in memory if they were read whole: the body's error must end it at once.
            // (In the select list, generate_series streams; in FROM it would be materialised first.)
            try connection.execute("SET statement_timeout = '60s'")
            var seen = 0
            #expect(throws: Enough.self) {
                try connection.forEachRow("SELECT generate_series(1, 10000000000)") { _ in
                    seen += 1
                    if seen == 5 { throw Enough() }
                }
            }
            #expect(seen == 5)
            #expect(try connection.firstRow("SELECT 7")?.int(at: 0) == 7, "the connection is usable afterwards")
        }
    }

    @Test func copyWritesEscapedFieldsAndAbandonsOnError() throws {
        struct Stop: Error {}
        let (connection, database) = try connect()
        try withExtendedLifetime(database) {
            try connection.execute("CREATE TABLE c (i bigint, s text, b bytea, f boolean)")
            let awkward = "a\tb\nc\rd\\e \\N"
            let copied = try connection.copy("COPY c (i, s, b, f) FROM STDIN") { writer in
                for index in 0..<50_000 {
                    writer.add(index)
                    writer.add(index == 0 ? awkward : index == 1 ? nil : "row \(index)")
                    writer.add(bytes: index == 0 ? [0x5C, 0x00, 0xFF] : nil)
                    writer.add(index % 2 == 0)
                    try writer.endRow()
                }
            }
            #expect(copied == 50_000)
            let first = try #require(try connection.firstRow("SELECT s, b, f FROM c WHERE i = 0"))
            #expect(first.string(at: 0) == awkward)
            #expect(try first.blob(at: 1) == [0x5C, 0x00, 0xFF])
            #expect(try first.bool(at: 2))
            #expect(try connection.firstRow("SELECT s IS NULL FROM c WHERE i = 1")?.bool(at: 0) == true)

            #expect(throws: Stop.self) {
                try connection.copy("COPY c (i, s, b, f) FROM STDIN") { writer in
                    writer.add(-1)
                    writer.add("kept?")
                    writer.add(bytes: nil)
                    writer.add(true)
                    try writer.endRow()
                    throw Stop()
                }
            }
            #expect(try connection.firstRow("SELECT count(*) FROM c")?.int(at: 0) == 50_000, "the copy kept nothing")
        }
    }

    @Test("a refused COPY row fails the copy with its SQLSTATE, and its value stays out of the message")
    func refusedCopyRowHidesItsValue() throws {
        let (connection, database) = try connect()
        try withExtendedLifetime(database) {
            try connection.execute("CREATE TABLE c (i bigint)")
            let error = try #require(throws: PostgresError.self) {
                try connection.copy("COPY c (i) FROM STDIN") { writer in
                    writer.add("canary-value-in-copy")
                    try writer.endRow()
                }
            }
            #expect(error.sqlState == "22P02")
            #expect(error.exitCode == .dataError)
            #expect(!error.userMessage.contains("canary-value-in-copy"), "\(error.userMessage)")
        }
    }

    @Test("a COPY run other than through copy() is refused and ended, and the connection stays usable")
    func strayCopyIsEnded() throws {
        let (connection, database) = try connect()
        try withExtendedLifetime(database) {
            try connection.execute("CREATE TABLE c (i bigint)")
            for sql in ["COPY (SELECT generate_series(1, 100000)) TO STDOUT", "COPY c FROM STDIN"] {
                #expect(throws: PostgresError.self) { try connection.execute(sql) }
                #expect(throws: PostgresError.self) { try connection.rows(sql) }
                #expect(throws: PostgresError.self) { try connection.forEachRow(sql) { _ in } }
                #expect(try connection.firstRow("SELECT 1")?.int(at: 0) == 1, "\(sql)")
            }
            #expect(throws: PostgresError.self) { try connection.copy("COPY (SELECT 1) TO STDOUT") { _ in } }
            #expect(try connection.firstRow("SELECT count(*) FROM c")?.int(at: 0) == 0)
        }
    }

    @Test func transactionsCommitRollBackNestAndReadOnlyRefusesWrites() throws {
        struct Undo: Error {}
        let (connection, database) = try connect()
        try withExtendedLifetime(database) {
            try connection.execute("CREATE TABLE t (i bigint)")
            try connection.inTransaction { try connection.execute("INSERT INTO t VALUES (1)", []) }
            #expect(throws: Undo.self) {
                try connection.inTransaction {
                    try connection.execute("INSERT INTO t VALUES (2)", [])
                    throw Undo()
                }
            }
            try connection.inTransaction {
                try connection.execute("INSERT INTO t VALUES (3)", [])
                try? connection.inTransaction {
                    try connection.execute("INSERT INTO t VALUES (4)", [])
                    throw Undo()
                }
            }
            #expect(!connection.isInsideTransaction)
            let values = try connection.rows("SELECT i FROM t ORDER BY i").map { try $0.int(at: 0) }
            #expect(values == [1, 3])
            let error = try #require(throws: PostgresError.self) {
                try connection.inTransaction(.readOnly) { try connection.execute("INSERT INTO t VALUES (5)", []) }
            }
            #expect(error.sqlState == "25006", "read_only_sql_transaction")
            #expect(!connection.isInsideTransaction)
        }
    }

    @Test("a server error names the constraint, never the bound value")
    func serverErrorsHideBoundValues() throws {
        let (connection, database) = try connect()
        try withExtendedLifetime(database) {
            try connection.execute("CREATE TABLE u (name text PRIMARY KEY)")
            try connection.execute("INSERT INTO u VALUES ($1)", [.text("canary-username")])
            let duplicate = try #require(throws: PostgresError.self) {
                try connection.execute("INSERT INTO u VALUES ($1)", [.text("canary-username")])
            }
            #expect(duplicate.isUniqueViolation)
            #expect(duplicate.userMessage.contains("u_pkey"))
            #expect(!duplicate.userMessage.contains("canary-username"))
            let cast = try #require(throws: PostgresError.self) {
                try connection.rows("SELECT $1::int", [.text("canary-not-a-number")])
            }
            #expect(cast.sqlState == "22P02")
            #expect(!cast.userMessage.contains("canary-not-a-number"), "\(cast.userMessage)")
        }
    }

    @Test("no connection error shows the URI's password, however the password is given")
    func connectionErrorsNeverShowThePassword() throws {
        let cluster = try PostgresTestCluster.shared()
        let database = try cluster.createDatabase()
        let password = "Pa55-canary-secret"
        try cluster.psql(
            "CREATE ROLE pw_user LOGIN PASSWORD '\(password)' IN ROLE \(PostgresTestCluster.passwordGroup)",
            database: database.name)
        defer { try? cluster.psql("DROP ROLE pw_user") }
        let right = cluster.uri(database: database.name, user: "pw_user", password: password)
        #expect(try PostgresConnection(right).firstRow("SELECT current_user")?.string(at: 0) == "pw_user")

        let wrong = "wrong-\(password)"
        let attempts = [
            cluster.uri(database: database.name, user: "pw_user", password: wrong),
            cluster.uri(database: database.name, user: "pw_user") + "&password=\(wrong)",
            "host=\(cluster.directory) port=\(cluster.port) dbname=\(database.name) user=pw_user password='\(wrong)'",
            cluster.uri(database: "no_such_database", user: "pw_user", password: wrong),
            "postgresql://pw_user:\(wrong)@/\(database.name)?host=\(cluster.directory)&port=1",
            "postgresql://pw_user:\(wrong)%zz@/\(database.name)?host=\(cluster.directory)",
            "postgresql://pw_user:\(wrong)@/\(database.name)?host=\(cluster.directory)&no_such_option=\(wrong)",
        ]
        for uri in attempts {
            let error = try #require(throws: PostgresError.self) { try PostgresConnection(uri) }
            #expect(!error.userMessage.contains(wrong), "\(error.userMessage)")
            #expect(!error.userMessage.contains(password), "\(error.userMessage)")
            #expect(!String(describing: error).contains(password))
        }
        let refused = try #require(throws: PostgresError.self) { try PostgresConnection(attempts[0]) }
        #expect(refused.userMessage.contains("password authentication failed"), "libpq's reason is kept")
        #expect(refused.userMessage.contains("***"), "the address is shown with its password masked")
        #expect(!cluster.serverLog().contains(password), "nor does the server log it")
    }
}
