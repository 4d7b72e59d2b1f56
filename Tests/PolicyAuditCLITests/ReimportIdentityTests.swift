import AuditRepositories
import PolicyAudit
import Testing

@testable import PolicyAuditCLI

/// A file imported again under another column mapping or delimiter is read otherwise: a new import, not "already
/// imported" (issue 25, item 2). The same reading, however it is spelled, still is.
@Suite("Re-import identity")
struct ReimportIdentityTests {
    private let csv = "id,username,login,password\n1,anna,a.smith,Password1!\n2,bob,b.jones,Password2!\n"

    @Test("another mapping is a new run; the same mapping again, spelt otherwise, is already imported")
    func anotherMappingIsANewImport() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("users.csv", csv)
        #expect(sandbox.run(["import", file]).out.hasPrefix("run 1: "))
        let remapped = sandbox.run(["import", file, "--user-column", "login"])
        #expect(remapped.code == .success, "\(remapped.err)")
        #expect(remapped.out.hasPrefix("run 2: 2 rows"), "\(remapped.out) \(remapped.err)")
        let again = sandbox.run(["import", file, "--user-column", "LOGIN "])
        #expect(again.out.isEmpty && again.err.contains("already imported as run 2"), "\(again.err)")
        // The defaults given by name read as the first run did.
        let first = sandbox.run(["import", file, "--user-column", "username", "--delimiter", ","])
        #expect(first.err.contains("already imported as run 1"), "\(first.err)")
        #expect(try sandbox.integers("SELECT id FROM import_run ORDER BY id") == [1, 2])
    }

    @Test("reading alike: the same columns (as a header compares names) and the same separator")
    func readsAlike() {
        let base = RunCSVOptions(
            passwordColumn: "password", usernameColumn: "username", emailColumn: "email", idColumn: "id",
            timeColumn: "submitted_at", delimiter: ",")
        var other = base
        other.usernameColumn = " Username"
        #expect(base.readsAlike(other))
        other.delimiter = ";"
        #expect(!base.readsAlike(other))
        other = base
        other.timeColumn = "created"
        #expect(!base.readsAlike(other))
    }
}
