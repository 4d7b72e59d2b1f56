import Foundation
import PolicyStore
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// Issue 20, item 5: a database whose schema is not pwaudit's is "not a pwaudit database" (65) whatever tables it
/// has, in every command that opens one, and is left byte for byte as it was.
@Suite("foreign schemas: another application's migration table is not pwaudit's")
struct ForeignSchemaTests {
    /// Databases of other applications, each with a table named like pwaudit's migration table or none.
    enum Shape: String, CaseIterable, Sendable {
        /// Rails: `schema_migrations(version)` beside `ar_internal_metadata`.
        case rails
        /// golang-migrate: `schema_migrations(version, dirty)`, and no other table.
        case golangMigrate
        /// pwaudit's four columns, another application's rows.
        case lookalike
        /// Tables, no migration table at all.
        case noMigrationTable

        var sql: String {
            switch self {
            case .rails:
                """
                CREATE TABLE schema_migrations (version varchar NOT NULL PRIMARY KEY);
                CREATE TABLE ar_internal_metadata (key varchar NOT NULL PRIMARY KEY, value varchar);
                INSERT INTO schema_migrations VALUES ('20240101120000');
                INSERT INTO ar_internal_metadata VALUES ('environment', 'production');
                """
            case .golangMigrate:
                """
                CREATE TABLE schema_migrations (version uint64 NOT NULL PRIMARY KEY, dirty bool NOT NULL);
                INSERT INTO schema_migrations VALUES (3, 0);
                """
            case .lookalike:
                """
                CREATE TABLE schema_migrations (
                    version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL);
                CREATE TABLE user (id INTEGER PRIMARY KEY, email TEXT);
                INSERT INTO schema_migrations VALUES (1, 'create_user', 'abc123', '2024-01-01');
                """
            case .noMigrationTable:
                "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO note VALUES (1, 'x');"
            }
        }
    }

    static func makeDatabase(_ shape: Shape, in sandbox: ImportSandbox) throws -> String {
        let path = sandbox.path("\(shape.rawValue).db")
        let database = try Database(path: path, mode: .readWriteCreate)
        try database.execute("PRAGMA journal_mode = DELETE")  // as most applications keep theirs
        try database.execute(shape.sql)
        return path
    }

    /// Every command that opens a database, read-only or for writing.
    static let commands: [[String]] = [
        ["runs"], ["runs", "delete", "1"], ["policy", "list"], ["policy", "show", "seed"],
        ["policy", "at", "seed", "2026-01-01"], ["policy", "diff", "seed@1", "seed@2"], ["policy", "export", "seed"],
        ["policy", "add", "seed.json"], ["report"], ["history"], ["compare", "a", "b"], ["import", "in.csv"],
        ["rescore", "1", "--policy", "seed", "in.csv"], ["query", "SELECT 1"], ["compliance"],
        ["prune", "--before", "2026-01-01"], ["prune", "--before", "2026-01-01", "--dry-run"],
        ["check", "--policy", "seed"],
    ]

    @Test(
        "every command refuses it as not a pwaudit database (65) and leaves it byte for byte", arguments: Shape.allCases
    )
    func everyCommandRefuses(shape: Shape) throws {
        let sandbox = try ImportSandbox()
        try sandbox.write("in.csv", "password\nGood1!pass\n")
        try FileManager.default.copyItem(atPath: SourceTree.example("seed.json"), toPath: sandbox.path("seed.json"))
        let path = try Self.makeDatabase(shape, in: sandbox)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for command in Self.commands {
            let result = sandbox.run(command, database: path)
            #expect(result.code == .dataError, "\(shape) \(command): \(result.code) \(result.err)")
            #expect(result.err.contains("is not a pwaudit database"), "\(shape) \(command): \(result.err)")
            #expect(
                !result.err.contains("SQLITE_") && !result.err.contains("in SQL"), "\(shape) \(command): \(result.err)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "\(shape) \(command)")
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "\(shape) \(command)")
        }
    }

    @Test("init refuses it (65), adds no table and writes no key", arguments: Shape.allCases)
    func initRefuses(shape: Shape) throws {
        let sandbox = try ImportSandbox(policies: [])
        let path = try Self.makeDatabase(shape, in: sandbox)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let key = sandbox.path("\(shape.rawValue).key")
        let result = sandbox.run(["init", "--key-file", key], database: path)
        #expect(result.code == .dataError, "\(result.err)")
        #expect(result.err.contains("is not a pwaudit database"), "\(result.err)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: key))
    }
}
