import Foundation
import Testing

@testable import PolicyAuditCLI

/// Bad rows never stop the good ones and never vanish: each is counted by reason, stored with its line, written to
/// `--rejects`, and the import exits 65; `--strict` stores nothing.
@Suite("pwaudit import: rejected rows")
struct ImportRejectTests {
    struct BadRow: CustomTestStringConvertible, Sendable {
        let reason: String
        /// The bad record's bytes, without its line end; it is placed on line 3, between two good rows.
        let bytes: [UInt8]
        /// Whether the bad record must be the last one (an unterminated quote swallows the rest of the file).
        var last = false

        var testDescription: String { reason }
    }

    static let badRows: [BadRow] = [
        BadRow(reason: "field-count", bytes: Array("2,bob".utf8)),
        BadRow(reason: "field-count", bytes: Array("2,bob,Secret1!,extra".utf8)),
        BadRow(reason: "invalid-utf8", bytes: Array("2,bob,Se".utf8) + [0xC3, 0x28] + Array("cret".utf8)),
        BadRow(reason: "invalid-utf8", bytes: Array("2,b".utf8) + [0xFF] + Array("b,Secret1!".utf8)),
        BadRow(reason: "empty-password", bytes: Array("2,bob,".utf8)),
        BadRow(reason: "empty-password", bytes: Array("2,bob,\"\"".utf8)),
        BadRow(reason: "nul-byte", bytes: Array("2,bob,Sec".utf8) + [0] + Array("ret".utf8)),
        BadRow(reason: "password-too-long", bytes: Array("2,bob,".utf8) + [UInt8](repeating: 0x61, count: 1025)),
        BadRow(reason: "unterminated-quote", bytes: Array("2,bob,\"never closed\n3,carol,Secret1!".utf8), last: true),
    ]

    @Test("a bad row is counted by reason on its line, the good rows land, exit 65", arguments: badRows)
    func badRowIsRejected(bad: BadRow) throws {
        let sandbox = try ImportSandbox()
        var csv = Array("id,username,password\n1,alice,Good1!pass\n".utf8) + bad.bytes
        csv += bad.last ? [] : Array("\n3,carol,Other2@pass\n".utf8)
        let file = try sandbox.write("in.csv", csv)
        let rejects = sandbox.path("rejects.csv")
        let result = sandbox.run(["import", file, "--rejects", rejects])

        #expect(result.code == .dataError, "stderr: \(result.err)")
        let good = bad.last ? 1 : 2
        #expect(result.out.hasPrefix("run 1: \(good + 1) rows, 1 rejected (\(bad.reason) 1)"), "\(result.out)")
        #expect(result.err.contains("rejected line 3: \(bad.reason)"))
        #expect(try sandbox.rejectedRows() == [3: bad.reason])
        #expect(try sandbox.integer("SELECT count(*) FROM candidate") == Int64(good))
        #expect(try sandbox.integers("SELECT line FROM candidate ORDER BY id") == (bad.last ? [2] : [2, 4]))
        #expect(try String(contentsOfFile: rejects, encoding: .utf8) == "line,reason\n3,\(bad.reason)\n")
        #expect(try sandbox.integer("SELECT count(*) FROM import_run WHERE status = 'complete'") == 1)
        #expect(try sandbox.integer("SELECT rows_rejected FROM import_run") == 1)
        #expect(try sandbox.integer("SELECT count FROM run_reject_summary WHERE reason = '\(bad.reason)'") == 1)
        // Never the content: the bad row's bytes are not echoed.
        #expect(!result.err.contains("never closed") && !result.err.contains("Secret1!"))
    }

    /// Issue 20: one such field used to be buffered whole (a 300 MB one cost 550 MB), and a long username was stored.
    @Test("a 50 MB field is rejected on its line (password-too-long, field-too-long), the next rows land")
    func hugeFieldIsRejected() throws {
        let sandbox = try ImportSandbox()
        let huge = [UInt8](repeating: UInt8(ascii: "q"), count: 50 << 20)
        let csv =
            Array("id,username,password\n1,alice,Good1!pass\n2,".utf8) + huge + Array(",Secret1!\n3,bob,".utf8)
            + huge + Array("\n4,carol,Other2@pass\n".utf8)
        let file = try sandbox.write("huge.csv", csv)
        let result = sandbox.run(["import", file])
        #expect(result.code == .dataError, "stderr: \(result.err)")
        #expect(
            result.out.hasPrefix("run 1: 4 rows, 2 rejected (field-too-long 1, password-too-long 1)"), "\(result.out)")
        #expect(result.err.contains("rejected line 3: field-too-long"))
        #expect(result.err.contains("rejected line 4: password-too-long"))
        #expect(try sandbox.rejectedRows() == [3: "field-too-long", 4: "password-too-long"])
        #expect(try sandbox.integers("SELECT line FROM candidate ORDER BY id") == [2, 5])
    }

    @Test("several kinds at once are counted per reason, in the summary and the rejects file")
    func severalReasons() throws {
        let sandbox = try ImportSandbox()
        let csv =
            Array("id,username,password\n1,a,Good1!pass\n2,b\n3,c,\n4,d,x,y\n".utf8) + Array("5,e,N".utf8) + [0]
            + Array("UL\n6,f,Fine2@pass\n".utf8)
        let file = try sandbox.write("in.csv", csv)
        let rejects = sandbox.path("r.csv")
        let result = sandbox.run(["import", file, "--rejects", rejects])
        #expect(result.code == .dataError)
        #expect(
            result.out.contains("6 rows, 4 rejected (empty-password 1, field-count 2, nul-byte 1)"), "\(result.out)")
        #expect(try sandbox.rejectedRows() == [3: "field-count", 4: "empty-password", 5: "field-count", 6: "nul-byte"])
        #expect(
            try String(contentsOfFile: rejects, encoding: .utf8)
                == "line,reason\n3,field-count\n4,empty-password\n5,field-count\n6,nul-byte\n")
        #expect(try sandbox.integers("SELECT line FROM candidate ORDER BY id") == [2, 7])
    }

    @Test("an unwritable --rejects path is an I/O error (74) before anything is stored")
    func unwritableRejects() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("in.csv", "password\nx\n")
        let result = sandbox.run(["import", file, "--rejects", sandbox.path("no/such/dir/r.csv")])
        #expect(result.code == .ioError)
        #expect(result.errLines.count == 1)
        #expect(try sandbox.integer("SELECT count(*) FROM import_run") == 0)
    }

    @Test("--strict with a bad row stores nothing, leaves no run, exits 65")
    func strictStoresNothing() throws {
        let sandbox = try ImportSandbox()
        var csv = "id,username,password\n"
        // More rows than one writer transaction holds, so some were committed before the bad row was read.
        for index in 0..<30_000 { csv += "\(index),user\(index),Pass\(index)!word\n" }
        csv += "x,bad\n"
        for index in 0..<100 { csv += "t\(index),tail\(index),Tail\(index)!word\n" }
        let file = try sandbox.write("in.csv", csv)
        let rejects = sandbox.path("rejects.csv")
        let result = sandbox.run(["import", file, "--strict", "--rejects", rejects])
        #expect(result.code == .dataError)
        #expect(result.err.contains("1 row(s) rejected, the first at line 30002 (field-count)"), "\(result.err)")
        #expect(result.out.isEmpty)
        for table in ["import_run", "import_run_policy", "candidate", "attempt", "rejected_row", "run_version_summary"]
        {
            #expect(try sandbox.integer("SELECT count(*) FROM \(table)") == 0, "\(table) is not empty")
        }
        #expect(try String(contentsOfFile: rejects, encoding: .utf8) == "line,reason\n30002,field-count\n")
        let runs = sandbox.run(["runs"])
        #expect(runs.code == .success)
        #expect(runs.out.split(separator: "\n").count == 1, "runs lists something: \(runs.out)")
    }

    @Test("--strict with only good rows imports as usual")
    func strictWithGoodRows() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("in.csv", "password\nGood1!pass\nbad\n")
        let result = sandbox.run(["import", file, "--strict"])
        #expect(result.code == .success)
        #expect(try sandbox.integer("SELECT count(*) FROM candidate") == 2)
    }
}
