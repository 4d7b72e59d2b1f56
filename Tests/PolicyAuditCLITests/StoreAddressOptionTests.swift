import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// Issue 22, item 1: `--db` (or `PWAUDIT_DB`) names a database file or a PostgreSQL server; a server keeps no key, so
/// the commands that fingerprint need `--key-file` (or `PWAUDIT_KEY_FILE`) and the readers never ask for one; the
/// URI's password appears in no message.
@Suite("--db as a file or a postgresql:// URI, and the key file a server needs")
struct StoreAddressOptionTests {
    /// A URI with a password, which no output may show.
    static let uri = "postgresql://auditor:s3cret-pw@db.invalid:5432/audit?password=s3cret-pw&sslmode=disable"

    @Test(
        "init, import and rescore on a server without a key file are usage errors (64)",
        arguments: [["init"], ["import", "in.csv"], ["rescore", "1", "--policy", "p", "in.csv"]])
    func fingerprintingCommandsNeedAKeyFile(_ command: [String]) throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        try cli.write("in.csv", "password\nGood1!pass\n")
        let result = try cli.run(command + ["--db", Self.uri], stdin: "Good1!pass\n")
        #expect(result.code == .usage, "\(result.err)")
        #expect(result.err.contains("keeps no fingerprint key: name the key file with --key-file"), "\(result.err)")
        #expect(!result.err.contains("s3cret-pw") && !result.out.contains("s3cret-pw"), "\(result.err)")
        #expect(result.err.contains("postgresql://auditor:***@db.invalid:5432/audit?password=***&sslmode=disable"))
        // Nothing was created in the working directory on the way (no stray database file named after the URI).
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cli.directory).filter { !$0.hasPrefix(".") } == [
                "in.csv"
            ])
    }

    @Test("check --record's store (opened for fingerprinting, on a terminal) needs the key file on a server too (64)")
    func recordingNeedsAKeyFile() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let context = CLIContext(stdout: CapturedOutput(), stderr: CapturedOutput(), currentDirectory: cli.directory)
        let arguments = try ParsedArguments(
            ["--db", Self.uri], options: CheckCommand.options, command: "check")
        let thrown = #expect(throws: (any Error).self) {
            try StoreOptions.openForFingerprinting(arguments, context: context)
        }
        #expect(ErrorExitCode.code(for: try #require(thrown)) == .usage)
        #expect(ErrorExitCode.message(for: try #require(thrown)).contains("keeps no fingerprint key"))
        let readOnly = #expect(throws: (any Error).self) { try StoreOptions.openReadOnly(arguments, context: context) }
        #expect(ErrorExitCode.message(for: try #require(readOnly)).contains("cannot connect to PostgreSQL"))
    }

    @Test("PWAUDIT_DB selects a server as --db does, and PWAUDIT_KEY_FILE satisfies the key requirement")
    func environmentSelectsTheServer() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let withoutKey = try cli.run(["init"], environment: ["PWAUDIT_DB": "postgres://db.invalid/audit"])
        #expect(withoutKey.code == .usage)
        #expect(withoutKey.err.contains("postgres://db.invalid/audit keeps no fingerprint key"), "\(withoutKey.err)")
        let key = (cli.directory as NSString).appendingPathComponent("audit.key")
        let withKey = try cli.run(
            ["init"], environment: ["PWAUDIT_DB": "postgres://db.invalid/audit", "PWAUDIT_KEY_FILE": key])
        #expect(!withKey.err.contains("keeps no fingerprint key"), "\(withKey.err)")
        #expect(!FileManager.default.fileExists(atPath: key), "no key is made for a store that did not open")
    }

    @Test(
        "readers on a server never ask for the key file; an unreachable server says so (74), password hidden",
        arguments: [["report"], ["runs"], ["policy", "list"], ["history"], ["query", "SELECT 1"], ["init"]])
    func readersNeedNoKey(_ command: [String]) throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let key = (cli.directory as NSString).appendingPathComponent("audit.key")
        let keyArguments = command == ["init"] ? ["--key-file", key] : []
        let result = try cli.run(command + ["--db", Self.uri] + keyArguments)
        #expect(result.code == .ioError, "\(result.err)")
        #expect(
            result.err.contains("cannot connect to PostgreSQL at postgresql://auditor:***@db.invalid"), "\(result.err)")
        #expect(!result.err.contains("keeps no fingerprint key"), "\(result.err)")
        #expect(!result.err.contains("s3cret-pw") && !result.out.contains("s3cret-pw"), "\(result.err)")
    }

    @Test("a value that is not a postgresql:// or postgres:// URI is a database file path, resolved and created")
    func anythingElseIsAFile() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let result = try cli.run(["init", "--db", "mysql:audit.db"])
        #expect(result.code == .success, "\(result.err)")
        let path = (cli.directory as NSString).appendingPathComponent("mysql:audit.db")
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(FileManager.default.fileExists(atPath: path + ".key"), "a file store keeps its key beside it")
    }
}
