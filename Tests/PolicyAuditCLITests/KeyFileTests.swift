import Foundation
import LibC
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// Issue 20, item 6: key paths that are the database, a symbolic link to nothing or a device are refused before
/// anything is created, saying what they are; commands that do not use the key never look at it.
@Suite("key files: the database, dangling links, devices, and who looks at the key")
struct KeyFileTests {
    private func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    @Test("init with --key-file naming the database (the same path, or a link to it) creates nothing (64)")
    func keyIsTheNewDatabase() throws {
        let sandbox = try ImportSandbox(policies: [])
        let same = sandbox.path("same.db")
        let refused = sandbox.run(["init", "--key-file", same], database: same)
        #expect(refused.code == .usage, "\(refused.err)")
        #expect(refused.err.contains("--key-file '\(same)' is the database"), "\(refused.err)")
        #expect(!exists(same))

        let linked = sandbox.path("linked.db")
        let link = sandbox.path("linked.key")
        #expect(symlink(linked, link) == 0)
        let throughLink = sandbox.run(["init", "--key-file", link], database: linked)
        #expect(throughLink.code == .usage, "\(throughLink.err)")
        #expect(throughLink.err.contains("is the database"), "\(throughLink.err)")
        #expect(!exists(linked))
    }

    @Test("init with --key-file a hard link to the (empty) database file refuses (64) and leaves it empty")
    func keyIsAHardLinkToTheDatabase() throws {
        let sandbox = try ImportSandbox()
        let database = try sandbox.write("empty.db", [UInt8]())
        let link = sandbox.path("empty.key")
        #expect(LibC.link(database, link) == 0)
        let refused = sandbox.run(["init", "--key-file", link], database: database)
        #expect(refused.code == .usage, "\(refused.err)")
        #expect(refused.err.contains("is the database"), "\(refused.err)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)).isEmpty)
        // An existing database's commands that use the key refuse it too, instead of reading the database as a key.
        let file = try sandbox.write("in.csv", "password\nGood1!pass\n")
        let import1 = sandbox.run(["import", file, "--key-file", sandbox.databasePath])
        #expect(import1.code == .usage, "\(import1.err)")
        #expect(import1.err.contains("is the database"), "\(import1.err)")
    }

    @Test("a key path that is a symbolic link to nothing says so, in init (nothing created) and in import (66)")
    func danglingSymlink() throws {
        let sandbox = try ImportSandbox()
        let target = sandbox.path("moved-away.key")
        let link = sandbox.path("dangling.key")
        #expect(symlink(target, link) == 0)
        let fresh = sandbox.path("fresh.db")
        let refused = sandbox.run(["init", "--key-file", link], database: fresh)
        #expect(refused.code == .noInput, "\(refused.err)")
        #expect(
            refused.err.contains("is a symbolic link to \(target), which does not exist"), "\(refused.err)")
        #expect(!refused.err.contains("already exists"), "\(refused.err)")
        #expect(!exists(fresh))
        #expect(!exists(target))

        let file = try sandbox.write("in.csv", "password\nGood1!pass\n")
        let imported = sandbox.run(["import", file, "--key-file", link])
        #expect(imported.code == .noInput, "\(imported.err)")
        #expect(imported.err.contains("symbolic link to \(target), which does not exist"), "\(imported.err)")
    }

    @Test(
        "a device as key file is refused as not a regular file, in init and in import (65)",
        arguments: ["/dev/null", "/dev/zero"])
    func deviceKey(device: String) throws {
        let sandbox = try ImportSandbox()
        let fresh = sandbox.path("fresh.db")
        let refused = sandbox.run(["init", "--key-file", device], database: fresh)
        #expect(refused.code == .dataError, "\(refused.err)")
        #expect(refused.err.contains("\(device) is a character device, not a regular file"), "\(refused.err)")
        #expect(!exists(fresh))

        let file = try sandbox.write("in.csv", "password\nGood1!pass\n")
        let imported = sandbox.run(["import", file, "--key-file", device])
        #expect(imported.code == .dataError, "\(imported.err)")
        #expect(imported.err.contains("is a character device, not a regular file"), "\(imported.err)")
        #expect(!imported.err.contains("bytes long"), "\(imported.err)")
        #expect(!imported.err.contains("readable by group"), "\(imported.err)")
        #expect(try sandbox.integer("SELECT count(*) FROM import_run") == 0)
    }

    @Test("commands that do not use the key neither warn about its mode nor need it")
    func onlyKeyUsersLookAtTheKey() throws {
        let sandbox = try ImportSandbox()
        let key = sandbox.databasePath + ".key"
        let file = try sandbox.write("in.csv", "password\nGood1!pass\n")
        #expect(sandbox.run(["import", file]).code == .success)
        #expect(chmod(key, 0o644) == 0)
        let readers: [[String]] = [
            ["runs"], ["report"], ["policy", "list"], ["policy", "show", "seed"], ["query", "SELECT 1"],
            ["compliance", "--fail-on", "never"], ["history"], ["prune", "--before", "2000-01-01"],
            ["policy", "add", SourceTree.example("seed.json")],
        ]
        for command in readers {
            let result = sandbox.run(command)
            #expect(result.code == .success, "\(command): \(result.err)")
            #expect(!result.err.contains("fingerprint key"), "\(command): \(result.err)")
        }
        let imported = sandbox.run(["import", file, "--again"])
        #expect(imported.err.contains("readable by group or others (mode 0644)"), "\(imported.err)")
        let initialised = sandbox.run(["init"])
        #expect(initialised.err.contains("readable by group or others (mode 0644)"), "\(initialised.err)")
    }
}
