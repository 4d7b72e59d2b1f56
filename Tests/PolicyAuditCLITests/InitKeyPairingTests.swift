import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// Issue 22, item 1: `init` asks the store whether it exists (`AuditStoreProvider.storeExists`) before it pairs a key
/// with it: a key without its store, and a store of candidates without its key, are refused as before.
@Suite("init pairs a key with its store: an orphan key, a lost key")
struct InitKeyPairingTests {
    @Test("init where a key exists but no database refuses (65), creates no database and leaves the key as it was")
    func orphanKey() throws {
        let sandbox = try ImportSandbox(policies: [])
        let key = try sandbox.write("moved.db.key", [UInt8](repeating: 7, count: 32))
        let database = sandbox.path("moved.db")
        let refused = sandbox.run(["init", "--key-file", key], database: database)
        #expect(refused.code == .dataError, "\(refused.err)")
        #expect(refused.err.contains("a fingerprint key already exists at \(key) but its database does not"))
        #expect(!FileManager.default.fileExists(atPath: database))
        #expect(try Data(contentsOf: URL(fileURLWithPath: key)) == Data(repeating: 7, count: 32))
    }

    @Test("init on a database of candidates whose key is gone refuses (65) and writes no new key")
    func lostKey() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("in.csv", "password\nGood1!pass\n")
        #expect(sandbox.run(["import", file]).code == .success)
        try FileManager.default.removeItem(atPath: sandbox.databasePath + ".key")
        let refused = sandbox.run(["init"])
        #expect(refused.code == .dataError, "\(refused.err)")
        #expect(refused.err.contains("the database holds candidates but its fingerprint key"), "\(refused.err)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath + ".key"))
    }

    @Test("init again on an existing database with its key keeps the key (no '(new)') and succeeds")
    func reinitialize() throws {
        let sandbox = try ImportSandbox(policies: [])  // its init made the database and a new key
        let key = try Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath + ".key"))
        let again = sandbox.run(["init"])
        #expect(again.code == .success, "\(again.err)")
        #expect(!again.out.contains("(new)"), "\(again.out)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath + ".key")) == key)
    }
}
