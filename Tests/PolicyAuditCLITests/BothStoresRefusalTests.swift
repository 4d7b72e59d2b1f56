import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// A store that is not pwaudit's is refused alike on both stores (exit 65, nothing changed), each in its own words: a
/// database file is an empty file or another application's SQLite database; a server's database has no table or
/// another application's tables (never "an SQLite database" or "an empty file").
@Suite(
    "both stores: a database that is not pwaudit's",
    .enabled(if: PostgresTestCluster.isEnabled, PostgresTestCluster.skipReason))
struct BothStoresRefusalTests {
    @Test("an empty server database: 65, said as a database (not a file) with init named, for readers and writers")
    func emptyServerDatabase() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let database = try PostgresTestCluster.shared().createDatabase()
        for arguments in [["report"], ["runs"], ["policy", "add", CLIHarness.example("seed.json")]] {
            let result = try cli.run(arguments + ["--db", database.uri])
            #expect(result.code == .dataError, "\(arguments): \(result.err)")
            #expect(
                result.err.contains(
                    "is an empty database, not a pwaudit one (no pwaudit schema); make it one with "
                        + "'pwaudit init --db \(database.uri)'"), "\(arguments): \(result.err)")
            #expect(!result.err.contains("SQLite") && !result.err.contains("file"), "\(result.err)")
        }
        let file = try cli.write("empty.db", "")
        let onFile = try cli.run(["report", "--db", file])
        #expect(onFile.code == .dataError)
        #expect(onFile.err.contains("is an empty file, not a pwaudit database"), "\(onFile.err)")
    }

    @Test("a server database of another application: 65, its tables counted, left untouched (init too)")
    func foreignServerDatabase() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let database = try PostgresTestCluster.shared().createDatabase()
        try database.cluster.psql("CREATE TABLE users (id int); CREATE TABLE orders (id int)", database: database.name)
        for arguments in [["report"], ["init", "--key-file", cli.directory + "/a.key"]] {
            let result = try cli.run(arguments + ["--db", database.uri])
            #expect(result.code == .dataError, "\(arguments): \(result.err)")
            #expect(
                result.err.contains(
                    "is not a pwaudit database: it holds 2 table(s) of another application; pwaudit "
                        + "left it untouched"), "\(arguments): \(result.err)")
            #expect(!result.err.contains("SQLite"), "\(result.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.directory + "/a.key"), "init refused before making a key")
    }
}
