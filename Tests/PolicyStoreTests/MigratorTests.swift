import AuditCrypto
import AuditRepositories
import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyStore

@Suite struct MigratorTests {
    @Test func migratingTwiceIsANoOp() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("audit.db")
        let applied = try Migrator().migrate(try Database(path: path))
        #expect(applied == Migrator.embedded.map(\.version))
        let database = try Database(path: path)
        #expect(try Migrator().migrate(database) == [])
        let rows = try Migrator().appliedMigrations(database)
        #expect(rows.map(\.version) == Migrator.embedded.map(\.version))
        #expect(rows.map(\.checksum) == Migrator.embedded.map(\.checksum))
    }

    @Test func databaseFromNewerBinaryIsRefused() throws {
        let database = try migratedInMemoryDatabase()
        try database.execute(
            "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (99, '0099_future', 'x', 'y')")
        let supported = Migrator().newestVersion
        #expect(throws: MigrationError.databaseNewerThanBinary(found: 99, supported: supported)) {
            try Migrator().migrate(database)
        }
        let message = MigrationError.databaseNewerThanBinary(found: 7, supported: 3).description
        #expect(message.contains("newer pwaudit (schema 7; this binary knows up to 3). Upgrade pwaudit."))
    }

    @Test func editedMigrationIsDetectedByChecksum() throws {
        let database = try migratedInMemoryDatabase()
        try database.execute("UPDATE schema_migrations SET checksum = ?1 WHERE version = 1", [.text("0" + "f")])
        #expect(throws: MigrationError.checksumMismatch(version: 1, name: "0001_initial")) {
            try Migrator().migrate(database)
        }
    }

    /// Every embedded migration, the newest too (and those added later, without editing this test): its recorded
    /// checksum altered alone, both `migrate` and the read-only `verifyCurrent` refuse the database naming it.
    @Test("an altered checksum of any embedded migration is refused", arguments: Migrator.embedded.map(\.version))
    func everyMigrationsChecksumIsVerified(version: Int) throws {
        let migration = try #require(Migrator.embedded.first { $0.version == version })
        let database = try migratedInMemoryDatabase()
        try database.execute(
            "UPDATE schema_migrations SET checksum = ?1 WHERE version = ?2",
            [.text("edited-" + migration.checksum), .integer(Int64(version))])
        let refusal = MigrationError.checksumMismatch(version: version, name: migration.name)
        #expect(throws: refusal) { try Migrator().migrate(database) }
        #expect(throws: refusal) { try Migrator().verifyCurrent(database) }
    }

    /// Other applications' migration tables: Rails, golang-migrate, pwaudit's columns with another's rows.
    static let foreignMigrationTables: [(sql: String, tables: Int)] = [
        (
            "CREATE TABLE schema_migrations (version varchar PRIMARY KEY); "
                + "INSERT INTO schema_migrations VALUES ('2024');",
            1
        ),
        (
            "CREATE TABLE schema_migrations (version bigint PRIMARY KEY, dirty boolean); "
                + "INSERT INTO schema_migrations VALUES (1, 0); CREATE TABLE t (x);", 2
        ),
        (
            "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT, checksum TEXT, applied_at TEXT); "
                + "INSERT INTO schema_migrations VALUES (1, 'create_users', 'x', 'y'); CREATE TABLE users (id);", 2
        ),
        (
            "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT, checksum TEXT, applied_at TEXT, "
                + "extra TEXT); INSERT INTO schema_migrations VALUES (1, '0001_initial', 'x', 'y', 'z');", 1
        ),
        ("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, dirty INTEGER);", 1),
    ]

    @Test(
        "a migration table of another tool, or pwaudit's shape with another application's rows, is a foreign schema",
        arguments: foreignMigrationTables.indices)
    func foreignMigrationTable(index: Int) throws {
        let (sql, tables) = Self.foreignMigrationTables[index]
        let database = try Database.inMemory()
        try database.execute(sql)
        #expect(try Migrator().state(of: database) == .foreign(tableCount: tables))
        #expect(throws: MigrationError.foreignDatabase(tableCount: tables)) { try Migrator().migrate(database) }
        #expect(throws: MigrationError.foreignDatabase(tableCount: tables)) { try Migrator().verifyCurrent(database) }
        #expect(try count(database, "SELECT count(*) FROM sqlite_schema WHERE type = 'table'") == tables)
    }

    @Test("pwaudit's own databases are recognised: migrated, and its first migration interrupted")
    func ownSchemaRecognised() throws {
        let database = try migratedInMemoryDatabase()
        #expect(try Migrator().state(of: database) == .pwaudit(version: Migrator().newestVersion))
        let interrupted = try Database.inMemory()
        try interrupted.execute(
            "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, "
                + "applied_at TEXT NOT NULL) STRICT")
        #expect(try Migrator().state(of: interrupted) == .empty)
        #expect(try Migrator().migrate(interrupted) == Migrator.embedded.map(\.version))
    }

    @Test func failingMigrationRollsBackAndIsNotRecorded() throws {
        let database = try Database.inMemory()
        let migrations = [
            SchemaMigration(version: 1, name: "0001_ok", sql: "CREATE TABLE ok (x INTEGER) STRICT;"),
            SchemaMigration(
                version: 2, name: "0002_bad", sql: "CREATE TABLE half (x INTEGER) STRICT; SELECT * FROM nowhere;"),
        ]
        let error = #expect(throws: MigrationError.self) { try Migrator(migrations: migrations).migrate(database) }
        guard case .migrationFailed(let version, _, _) = error else {
            Issue.record("expected migrationFailed, got \(String(describing: error))")
            return
        }
        #expect(version == 2)
        #expect(try Migrator(migrations: migrations).appliedMigrations(database).map(\.version) == [1])
        #expect(try count(database, "SELECT count(*) FROM sqlite_schema WHERE name = 'half'") == 0)
    }

    @Test func garbageFileFailsAtOpenWithTypedError() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.txt")
        try "just some notes\n".write(toFile: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: SQLiteError.self) { try Migrator().migrate(try Database(path: path)) }
        #expect(error?.isNotADatabase == true)
    }

    /// The binary must carry exactly the files in migrations/: run scripts/embed-migrations.sh after editing them.
    @Test func embeddedMigrationsMatchTheMigrationsFolder() throws {
        let folder = SourceTree.root.appendingPathComponent("migrations")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        let onDisk = try names.map { name in
            (
                name: String(name.dropLast(4)),
                sql: try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            )
        }
        let embedded = Migrator.embedded
        #expect(
            onDisk.map(\.name) == embedded.map(\.name),
            "migrations/ and EmbeddedMigrations.swift list different files: run scripts/embed-migrations.sh")
        for (file, migration) in zip(onDisk, embedded) {
            #expect(
                file.sql == migration.sql,
                "\(file.name).sql differs from its embedded copy: run scripts/embed-migrations.sh")
        }
    }
}
