import AuditRepositories
import Foundation
import PolicyStore
import PostgresStore
import PwauditTestSupport
import Synchronization
import Testing

/// The PostgreSQL migrator against a real server: it creates, upgrades and refuses as SQLite's `Migrator` does, and
/// schema version N has the same tables, views and columns on both stores.
@Suite(.enabled(if: PostgresTestCluster.isEnabled, PostgresTestCluster.skipReason))
struct PostgresMigratorTests {
    private func connect() throws -> (PostgresConnection, PostgresTestDatabase) {
        let database = try PostgresTestCluster.shared().createDatabase()
        return (try PostgresConnection(database.uri), database)
    }

    private func tableCount(_ connection: PostgresConnection) throws -> Int {
        try #require(try connection.firstRow("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")).int(at: 0)
    }

    private func migrator(upTo version: Int) -> PostgresMigrator {
        PostgresMigrator(migrations: Array(PostgresMigrator.embedded.prefix(version)))
    }

    @Test func migrateCreatesTheSchemaOnceAndThenDoesNothing() throws {
        let (connection, database) = try connect()
        try withExtendedLifetime(database) {
            #expect(try PostgresMigrator().state(of: connection) == .empty)
            #expect(try PostgresMigrator().migrate(connection) == Array(1...PostgresMigrator().newestVersion))
            #expect(try PostgresMigrator().migrate(connection) == [])
            #expect(try PostgresMigrator().state(of: connection) == .pwaudit(version: PostgresMigrator().newestVersion))
            try PostgresMigrator().verifyCurrent(connection)
            let recorded = try PostgresMigrator().appliedMigrations(connection)
            #expect(recorded.map(\.name) == PostgresMigrator.embedded.map(\.name))
            #expect(recorded.map(\.checksum) == PostgresMigrator.embedded.map(\.checksum))
        }
    }

    @Test("a read never migrates; a write opening (migrate) upgrades an older pwaudit schema")
    func readRefusesAnOlderSchemaAndMigrateUpgradesIt() throws {
        let (connection, database) = try connect()
        try withExtendedLifetime(database) {
            try migrator(upTo: 5).migrate(connection)
            let error = try #require(throws: PostgresMigrationError.self) {
                try PostgresMigrator().verifyCurrent(connection)
            }
            #expect(error == .databaseOlderThanBinary(found: 5, supported: PostgresMigrator().newestVersion))
            #expect(try PostgresMigrator().state(of: connection) == .pwaudit(version: 5), "verifying changed nothing")
            #expect(try PostgresMigrator().upgrade(connection) == Array(6...PostgresMigrator().newestVersion))
            try PostgresMigrator().verifyCurrent(connection)
        }
    }

    @Test func anEmptyDatabaseIsNotInitialisedForAReaderOrAWriter() throws {
        let (connection, database) = try connect()
        try withExtendedLifetime(database) {
            let error = try #require(throws: PostgresMigrationError.self) {
                try PostgresMigrator().verifyCurrent(connection)
            }
            #expect(error == .notInitialized)
            #expect(error.userMessage.contains("pwaudit init"))
            #expect(throws: PostgresMigrationError.notInitialized, "a write command does not create the schema") {
                try PostgresMigrator().upgrade(connection)
            }
            #expect(try tableCount(connection) == 0)
        }
    }

    @Test(
        "another application's tables are refused and left untouched",
        arguments: [
            "CREATE TABLE customer (id bigint PRIMARY KEY)",
            "CREATE TABLE schema_migrations (version bigint PRIMARY KEY); INSERT INTO schema_migrations VALUES (1)",
            """
            CREATE TABLE schema_migrations (version integer, name text, checksum text, applied_at timestamptz);
            INSERT INTO schema_migrations VALUES (1, 'create_users', 'x', now()); CREATE TABLE users (id int)
            """,
        ])
    func foreignDatabasesAreRefused(setup: String) throws {
        let (connection, database) = try connect()
        try withExtendedLifetime(database) {
            try connection.execute(setup)
            let before = try tableCount(connection)
            let error = try #require(throws: PostgresMigrationError.self) { try PostgresMigrator().migrate(connection) }
            #expect(error == .foreignDatabase(tableCount: before))
            #expect(error.userMessage.contains("untouched"))
            #expect(try tableCount(connection) == before)
            #expect(throws: PostgresMigrationError.foreignDatabase(tableCount: before)) {
                try PostgresMigrator().verifyCurrent(connection)
            }
        }
    }

    @Test func aNewerOrEditedSchemaIsRefused() throws {
        let (connection, database) = try connect()
        try withExtendedLifetime(database) {
            try PostgresMigrator().migrate(connection)
            try connection.execute("UPDATE schema_migrations SET checksum = repeat('0', 64) WHERE version = 2")
            #expect(throws: PostgresMigrationError.checksumMismatch(version: 2, name: "0002_inline_outcomes")) {
                try PostgresMigrator().verifyCurrent(connection)
            }
            try connection.execute(
                "INSERT INTO schema_migrations VALUES (99, '0099_future', repeat('0', 64), now())")
            #expect(
                throws: PostgresMigrationError.databaseNewerThanBinary(
                    found: 99, supported: PostgresMigrator().newestVersion)
            ) { try PostgresMigrator().migrate(connection) }
        }
    }

    @Test("a failing migration is rolled back whole, and the ones before it stay")
    func failingMigrationLeavesNothing() throws {
        let (connection, database) = try connect()
        try withExtendedLifetime(database) {
            let broken = SchemaMigration(
                version: PostgresMigrator.embedded.count + 1, name: "9999_broken",
                sql: "CREATE TABLE half_done (id bigint); SELECT no_such_function()")
            let error = try #require(throws: PostgresMigrationError.self) {
                try PostgresMigrator(migrations: PostgresMigrator.embedded + [broken]).migrate(connection)
            }
            guard case .migrationFailed(let version, _, let underlying) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(version == broken.version)
            #expect(underlying.sqlState == "42883", "undefined_function")
            #expect(try PostgresMigrator().state(of: connection) == .pwaudit(version: PostgresMigrator().newestVersion))
            #expect(try connection.firstRow("SELECT to_regclass('half_done') IS NULL")?.bool(at: 0) == true)
        }
    }

    @Test("two processes migrating one database at once: each migration is applied once")
    func concurrentMigrationsSerialise() throws {
        let database = try PostgresTestCluster.shared().createDatabase()
        let uri = database.uri
        let results = Mutex<[[Int]]>([])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 3) { _ in
            do {
                let applied = try PostgresMigrator().migrate(try PostgresConnection(uri))
                results.withLock { $0.append(applied) }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let all = results.withLock { $0 }.flatMap { $0 }.sorted()
        #expect(all == Array(1...PostgresMigrator().newestVersion))
    }

    /// The relations of the current schema and their columns, in column order: `name(column, column, …)`.
    private func postgresRelations(_ connection: PostgresConnection) throws -> [String] {
        try connection.rows(
            """
            SELECT c.table_name, string_agg(c.column_name, ',' ORDER BY c.ordinal_position)
            FROM information_schema.columns c WHERE c.table_schema = 'public' GROUP BY c.table_name ORDER BY 1
            """
        ).map { "\($0.string(at: 0) ?? "")(\($0.string(at: 1) ?? ""))" }
    }

    private func sqliteRelations(_ database: Database) throws -> [String] {
        let names = try database.makeStatement(
            "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
                + "ORDER BY name")
        var relations: [String] = []
        while try names.step() {
            let name = names.string(at: 0) ?? ""
            let columns = try database.makeStatement("SELECT name FROM pragma_table_info('\(name)') ORDER BY cid")
            var list: [String] = []
            while try columns.step() { list.append(columns.string(at: 0) ?? "") }
            relations.append("\(name)(\(list.joined(separator: ",")))")
        }
        return relations
    }

    @Test(
        "schema version N has the same tables, views and columns on PostgreSQL as on SQLite",
        arguments: Array(1...Migrator.embedded.count))
    func sameRelationsAsSQLite(version: Int) throws {
        try #require(Migrator.embedded.count == PostgresMigrator.embedded.count)
        let (connection, database) = try connect()
        try withExtendedLifetime(database) {
            try migrator(upTo: version).migrate(connection)
            let sqlite = try Database.inMemory()
            try Migrator(migrations: Array(Migrator.embedded.prefix(version))).migrate(sqlite)
            #expect(try postgresRelations(connection) == sqliteRelations(sqlite))
        }
    }

    /// The binary carries exactly the files of migrations/postgresql/, named as migrations/ names SQLite's.
    @Test func embeddedMigrationsMatchTheFolderAndSQLitesNumbering() throws {
        let folder = SourceTree.root.appendingPathComponent("migrations/postgresql")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sql") }
            .sorted()
        let onDisk = try names.map { name in
            (String(name.dropLast(4)), try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
        }
        #expect(
            onDisk.map(\.0) == PostgresMigrator.embedded.map(\.name),
            "migrations/postgresql/ and EmbeddedMigrations.swift list different files: run scripts/embed-migrations.sh")
        for (file, migration) in zip(onDisk, PostgresMigrator.embedded) {
            #expect(
                file.1 == migration.sql, "\(file.0).sql differs from its embedded copy: run scripts/embed-migrations.sh"
            )
        }
        #expect(
            PostgresMigrator.embedded.map(\.name) == Migrator.embedded.map(\.name),
            "each SQLite migration has its PostgreSQL counterpart under the same number and name")
    }
}

/// `prepare(_:for:)`: what `init`, a write command and a reader each do to a database, in the use cases' errors.
@Suite(.enabled(if: PostgresTestCluster.isEnabled, PostgresTestCluster.skipReason))
struct PostgresOpenIntentTests {
    @Test func createMakesTheSchemaWriteAndReadRefuseAnEmptyDatabase() throws {
        let database = try PostgresTestCluster.shared().createDatabase()
        let uri = database.uri.replacingOccurrences(of: "pwaudit_test@", with: "pwaudit_test:s3cret-pw@")
        for intent in [StoreOpenIntent.write, .read] {
            let error = try #require(throws: AuditStoreError.self) {
                try PostgresMigrator().prepare(try PostgresConnection(uri), for: intent)
            }
            guard case .notAPwauditDatabase(let shown, 0) = error else {
                Issue.record("\(intent): \(error)")
                continue
            }
            #expect(!shown.contains("s3cret-pw") && shown.contains("***"), "\(shown)")
        }
        let connection = try PostgresConnection(uri)
        try PostgresMigrator().prepare(connection, for: .create)
        #expect(try PostgresMigrator().state(of: connection) == .pwaudit(version: PostgresMigrator().newestVersion))
        try PostgresMigrator().prepare(try PostgresConnection(uri), for: .write)
        try PostgresMigrator().prepare(try PostgresConnection(uri), for: .read)
    }

    @Test("a reader never migrates and cannot write; a writer upgrades")
    func readerRefusesAnOlderSchemaAndCannotWrite() throws {
        let database = try PostgresTestCluster.shared().createDatabase()
        try PostgresMigrator(migrations: Array(PostgresMigrator.embedded.prefix(7))).migrate(
            try PostgresConnection(database.uri))
        let reader = try PostgresConnection(database.uri)
        #expect(
            throws: AuditStoreError.schemaNeedsMigration(
                path: reader.address.displayText, found: 7, supported: PostgresMigrator().newestVersion)
        ) { try PostgresMigrator().prepare(reader, for: .read) }
        let refused = try #require(throws: PostgresError.self) {
            try reader.execute("INSERT INTO policy (name, created_at) VALUES ('x', now())")
        }
        #expect(refused.sqlState == "25006", "the reader's session is read-only")
        try PostgresMigrator().prepare(try PostgresConnection(database.uri), for: .write)
        try PostgresMigrator().prepare(try PostgresConnection(database.uri), for: .read)
    }

    @Test func anotherApplicationsDatabaseIsRefusedForEveryIntent() throws {
        let database = try PostgresTestCluster.shared().createDatabase()
        try PostgresConnection(database.uri).execute("CREATE TABLE invoice (id int); CREATE TABLE customer (id int)")
        for intent in [StoreOpenIntent.create, .write, .read] {
            let connection = try PostgresConnection(database.uri)
            #expect(throws: AuditStoreError.notAPwauditDatabase(path: connection.address.displayText, tableCount: 2)) {
                try PostgresMigrator().prepare(connection, for: intent)
            }
        }
    }
}
