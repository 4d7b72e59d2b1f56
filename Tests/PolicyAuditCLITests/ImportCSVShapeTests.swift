import Foundation
import Testing

@testable import PolicyAuditCLI

/// `pwaudit import` reads every CSV shape the issue names: each case's passwords must reach the store exactly
/// (checked through their keyed fingerprints), on the right lines, with the right context columns.
@Suite("pwaudit import: CSV shapes")
struct ImportCSVShapeTests {
    struct Shape: CustomTestStringConvertible, Sendable {
        let name: String
        let csv: [UInt8]
        var options: [String] = []
        /// The passwords expected in the store, in file order, with the lines their records start on.
        let passwords: [(line: Int, password: String)]
        /// The usernames expected, in the same order (nil: not checked).
        var usernames: [String?]? = nil

        var testDescription: String { name }
    }

    static let shapes: [Shape] = [
        Shape(
            name: "quoted fields with delimiters inside",
            csv: Array("id,username,password\n1,alice,\"pa,ss word\"\n".utf8),
            passwords: [(2, "pa,ss word")], usernames: ["alice"]),
        Shape(
            name: "doubled quotes", csv: Array("id,username,password\n1,bob,\"say \"\"hi\"\"\"\n2,eve,a\"b\n".utf8),
            passwords: [(2, "say \"hi\""), (3, "a\"b")]),
        Shape(
            name: "newline inside quotes",
            csv: Array("id,username,password\n1,carol,\"line1\nline2\"\n2,dave,\"cr\r\nlf\"\n3,erin,next\n".utf8),
            passwords: [(2, "line1\nline2"), (4, "cr\r\nlf"), (6, "next")]),
        Shape(
            name: "CRLF line ends",
            csv: Array("id,username,password\r\n1,a1,Secret1!\r\n2,b2,\"q\"\r\n\r\n3,c3,z\r\n".utf8),
            passwords: [(2, "Secret1!"), (3, "q"), (5, "z")], usernames: ["a1", "b2", "c3"]),
        Shape(
            name: "UTF-8 BOM before the header",
            csv: [0xEF, 0xBB, 0xBF] + Array("password,username\nBommed1!,zoe\n".utf8),
            passwords: [(2, "Bommed1!")], usernames: ["zoe"]),
        Shape(
            name: "semicolon detected", csv: Array("id;username;password\n1;alice;pa,ss\n2;bob;\"x;y\"\n".utf8),
            passwords: [(2, "pa,ss"), (3, "x;y")], usernames: ["alice", "bob"]),
        Shape(
            name: "tab detected", csv: Array("id\tusername\tpassword\n1\talice\tpa;ss,w\n".utf8),
            passwords: [(2, "pa;ss,w")], usernames: ["alice"]),
        Shape(
            name: "semicolon given with --delimiter", csv: Array("password;note\np,w;a,b\nq;c\n".utf8),
            options: ["--delimiter", ";"], passwords: [(2, "p,w"), (3, "q")]),
        Shape(
            name: "tab given as \\t", csv: Array("password\tusername\nTab1!\tt\n".utf8),
            options: ["--delimiter", "\\t"],
            passwords: [(2, "Tab1!")], usernames: ["t"]),
        Shape(
            name: "headers matched case-insensitively and trimmed",
            csv: Array("ID, UserName ,PASSWORD,Submitted_At\n7,Mallory,Up4!lower,2026-03-01T10:00:00Z\n".utf8),
            passwords: [(2, "Up4!lower")], usernames: ["Mallory"]),
        Shape(
            name: "column overrides",
            csv: Array("ref,login,secret,when,password\n9,oscar,S3cret!x,2026-01-02,decoy\n".utf8),
            options: [
                "--password-column", "secret", "--user-column", "login", "--id-column", "ref", "--time-column", "when",
            ],
            passwords: [(2, "S3cret!x")], usernames: ["oscar"]),
        Shape(
            name: "unicode passwords are fingerprinted after NFKC",
            csv: Array("password\nCafe\u{301}１２３\npässwörd\n".utf8), passwords: [(2, "Café123"), (3, "pässwörd")]),
    ]

    @Test("each shape lands every row exactly, exit 0", arguments: shapes)
    func shapeLands(shape: Shape) throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("in.csv", shape.csv)
        let result = sandbox.run(["import", file] + shape.options)
        #expect(result.code == .success, "stderr: \(result.err)")
        #expect(result.out.hasPrefix("run 1: \(shape.passwords.count) rows, 0 rejected"), "\(result.out)")
        let expected = try shape.passwords.map { try sandbox.fingerprint(of: $0.password) }
        #expect(try sandbox.fingerprints() == expected)
        #expect(
            try sandbox.integers("SELECT line FROM candidate ORDER BY id") == shape.passwords.map { Int64($0.line) })
        #expect(try sandbox.integer("SELECT count(*) FROM rejected_row") == 0)
        if let usernames = shape.usernames {
            let database = try sandbox.database()
            let statement = try database.makeStatement("SELECT username FROM candidate ORDER BY id")
            var stored: [String?] = []
            while try statement.step() { stored.append(statement.string(at: 0)) }
            #expect(stored == usernames)
        }
    }

    @Test("rows scored by parallel workers land in file order across many batches, with their own fields")
    func parallelBatchesKeepFileOrder() throws {
        let sandbox = try ImportSandbox()
        var csv = "username,password\n"
        var accepted: [Int64] = []
        for row in 0..<20_000 {
            let line = row + 2
            if row % 997 == 0 {
                csv += "user\(line),\n"
            } else {
                csv += "user\(line),Pw\(row * 7919 % 100_003)x!\n"
                accepted.append(Int64(line))
            }
        }
        let file = try sandbox.write("in.csv", csv)
        let result = sandbox.run(["import", file])
        #expect(result.code == .dataError, "\(result.err)")
        #expect(try sandbox.integers("SELECT line FROM candidate ORDER BY id") == accepted)
        #expect(try sandbox.integer("SELECT count(*) FROM candidate WHERE username != 'user' || line") == 0)
        #expect(try sandbox.integer("SELECT count(*) FROM rejected_row") == Int64(20_000 - accepted.count))
        let sample = try sandbox.integers("SELECT line FROM candidate ORDER BY id LIMIT 1 OFFSET 12345")[0]
        let row = Int(sample) - 2
        let stored = try sandbox.integers("SELECT id FROM candidate WHERE line = \(sample)")
        #expect(stored.count == 1)
        let fingerprint = try sandbox.fingerprint(of: "Pw\(row * 7919 % 100_003)x!")
        let statement = try sandbox.database().makeStatement("SELECT fingerprint FROM candidate WHERE line = \(sample)")
        #expect(try statement.step())
        #expect(statement.blob(at: 0) == fingerprint)
    }

    @Test("column overrides also store the id and time columns")
    func overridesStoreContextColumns() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("in.csv", "ref,login,secret,when\nA-9,oscar,S3cret!x,2026-01-02T03:04:05Z\n")
        let result = sandbox.run([
            "import", file, "--password-column", "SECRET", "--user-column", "login", "--id-column", "ref",
            "--time-column", "when",
        ])
        #expect(result.code == .success, "\(result.err)")
        let database = try sandbox.database()
        let statement = try database.makeStatement("SELECT external_id, username, submitted_at FROM candidate")
        #expect(try statement.step())
        #expect(statement.string(at: 0) == "A-9")
        #expect(statement.string(at: 1) == "oscar")
        #expect(statement.string(at: 2) == "2026-01-02T03:04:05Z")
    }

    @Test("an overridden optional column that is absent is a usage error naming the headers")
    func missingOverriddenColumn() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("in.csv", "password,username\nx,y\n")
        let result = sandbox.run(["import", file, "--user-column", "login"])
        #expect(result.code == .usage)
        #expect(result.err.contains("'login'") && result.err.contains("'password', 'username'"), "\(result.err)")
    }

    @Test("a first line without the password column is not a header: bad data (65), none of its cells printed")
    func missingPasswordColumn() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("in.csv", "id,User,Secret\n1,alice,hunter2\n")
        let result = sandbox.run(["import", file])
        #expect(result.code == .dataError)
        let first = try #require(result.errLines.first)
        #expect(first.hasPrefix("Error: "))
        #expect(first.contains("no 'password' column") && first.contains("--password-column"), "\(first)")
        for cell in ["User", "Secret", "alice", "hunter2"] { #expect(!result.err.contains(cell)) }
        #expect(try sandbox.integer("SELECT count(*) FROM import_run") == 0)
    }

    /// Defect 2 of issue 10, as reported: the CR-only file failed and printed its password.
    @Test("a CR-only file imports; a CR-only file without a header fails (65) without printing a cell")
    func crOnlyFile() throws {
        let sandbox = try ImportSandbox()
        let good = try sandbox.write("mac.csv", "id,user,password\r1,anna,S3cret!\r2,bob,\r")
        let imported = sandbox.run(["import", good])
        #expect(imported.code == .dataError, "\(imported.err)")
        #expect(imported.err.contains("rejected line 3: empty-password"), "\(imported.err)")
        #expect(try sandbox.integer("SELECT count(*) FROM candidate") == 1)
        let headerless = try sandbox.write("bare.csv", "1,anna,S3cret!\r2,bob,Hunter22\r")
        let refused = sandbox.run(["import", headerless])
        #expect(refused.code == .dataError)
        for cell in ["anna", "S3cret!", "bob", "Hunter22"] { #expect(!refused.err.contains(cell)) }
    }

    /// Defect 10 of issue 10: UTF-16 used to be a usage error (64) listing mangled names.
    @Test("a UTF-16 file is bad data (65) with a message saying to save it as UTF-8")
    func utf16File() throws {
        let sandbox = try ImportSandbox()
        let path = sandbox.path("u16.csv")
        var bytes: [UInt8] = [0xFF, 0xFE]
        for byte in "id,password\n1,S3cret!\n".utf8 { bytes += [byte, 0] }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let result = sandbox.run(["import", path])
        #expect(result.code == .dataError)
        #expect(result.err.contains("UTF-16") && result.err.contains("UTF-8"), "\(result.err)")
        #expect(!result.err.contains("S3cret"))
    }

    /// Defect 12 of issue 10: a repeated mapped column used to read the leftmost silently.
    @Test("a header naming the password column twice is bad data (65) naming the column")
    func duplicatePasswordColumn() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("dup.csv", "id,password,Password\n1,S3cret!,other\n")
        let result = sandbox.run(["import", file])
        #expect(result.code == .dataError)
        #expect(result.err.contains("'password' more than once (columns 2, 3)"), "\(result.err)")
        #expect(!result.err.contains("S3cret"))
    }

    @Test("a bad --delimiter is a usage error")
    func badDelimiter() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("in.csv", "password\nx\n")
        #expect(sandbox.run(["import", file, "--delimiter", "|"]).code == .usage)
    }

    @Test("a missing input file exits 66 with one line")
    func missingFile() throws {
        let sandbox = try ImportSandbox()
        let result = sandbox.run(["import", sandbox.path("nope.csv")])
        #expect(result.code == .noInput)
        #expect(result.errLines.count == 1)
    }
}

/// Defect 12 of issue 10: a `context` rule scored on a file without the columns it compares passed silently.
@Suite("pwaudit import and rescore: context rules without their columns")
struct ContextColumnWarningTests {
    @Test("import and rescore warn, naming the version, the rule and the missing columns; the rows still land")
    func warnsOnMissingContextColumns() throws {
        let sandbox = try ImportSandbox(policies: ["seed", "nist"])
        let file = try sandbox.write("in.csv", "id,password\n1,correct horse battery staple\n")
        let imported = sandbox.run(["import", file, "--policy", "seed"])
        // seed has no context rule: the one warning is the header's (it names no username, e-mail or time column).
        #expect(imported.code == .success && imported.errLines.count == 1, "\(imported.err)")
        #expect(imported.err.hasPrefix("warning: the header names no username, e-mail or time column"))
        let rescored = sandbox.run(["rescore", "1", "--policy", "nist", file])
        #expect(rescored.code == .success)
        #expect(
            rescored.errLines.contains {
                $0.hasPrefix("warning: nist@1 rule 'context' ") && $0.contains("'username' and 'email' columns")
            }, "\(rescored.err)")
        let again = sandbox.run(["import", file, "--policy", "nist", "--again"])
        #expect(again.code == .success)
        #expect(again.err.contains("warning: nist@1 rule 'context'"), "\(again.err)")
        let withUser = try sandbox.write("user.csv", "username,password\nanna,correct horse battery staple\n")
        let partial = sandbox.run(["import", withUser, "--policy", "nist"])
        #expect(partial.err.contains("the 'email' column, which") && !partial.err.contains("'username'"))
        let full = try sandbox.write("full.csv", "username,email,password\nanna,a@x.test,correct horse battery\n")
        #expect(!sandbox.run(["import", full, "--policy", "nist"]).err.contains("warning"))
    }
}
