import Foundation
import PolicyStore
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// Large `file:` lists are stored once per distinct content and loaded from the database, not the file.
@Suite("word lists: content-addressed in the database")
struct WordListStorageTests {
    private static let words = (0..<5000).map { "listed-word-\($0)" }

    private static func wordListRows(_ path: String) throws -> (rows: Int, definitions: String) {
        let database = try Database(path: path)
        let rows = try database.makeStatement("SELECT count(*) FROM word_list")
        _ = try rows.step()
        let definitions = try database.makeStatement("SELECT group_concat(definition, ' ') FROM policy_version")
        _ = try definitions.step()
        return (rows.int(at: 0), definitions.string(at: 0) ?? "")
    }

    @Test func twoVersionsSharingAListStoreItsEntriesOnce() throws {
        let sandbox = try ImportSandbox(policies: [])
        try sandbox.write("deny.txt", "# banned\n" + Self.words.joined(separator: "\n") + "\nListed-Word-1\n")
        try sandbox.write(
            "a.json", #"{"name":"a","rules":[{"rule":"blocklist","lists":["file:deny.txt"]}]}"#)
        try sandbox.write(
            "b.json",
            #"{"name":"b","rules":[{"rule":"length","min":4},{"rule":"blocklist","lists":["file:deny.txt"]}]}"#)
        #expect(sandbox.run(["policy", "add", sandbox.path("a.json")]).code == .success)
        #expect(sandbox.run(["policy", "add", sandbox.path("b.json")]).code == .success)
        let stored = try Self.wordListRows(sandbox.databasePath)
        #expect(stored.rows == 1)
        #expect(!stored.definitions.contains("listed-word-42"), "definitions name the list, not its words")
        #expect(stored.definitions.contains(#""entries":5000"#))
    }

    @Test func aStoredVersionBlocksWithoutItsFile() throws {
        let sandbox = try ImportSandbox(policies: [])
        try sandbox.write("deny.txt", Self.words.joined(separator: "\n"))
        try sandbox.write("a.json", #"{"name":"a","rules":[{"rule":"blocklist","lists":["file:deny.txt"]}]}"#)
        #expect(sandbox.run(["policy", "add", sandbox.path("a.json")]).code == .success)
        try FileManager.default.removeItem(atPath: sandbox.path("deny.txt"))
        let csv = "id,username,password\n1,a,LISTED-word-77\n2,b,not-on-it\n"
        let result = sandbox.run(["import", try sandbox.write("in.csv", csv), "--policy", "a"])
        #expect(result.code == .success, "\(result.err)")
        let report = sandbox.run(["report", "--format", "json"])
        #expect(report.out.contains(#""count" : 1"#), "\(report.out)")
        let shown = sandbox.run(["policy", "show", "a"])
        #expect(shown.out.contains(#""entries" : 5000"#), "\(shown.out)")
    }

    @Test func aGzippedListLoadsAsItsTextAndACorruptOneIsRefused() throws {
        let sandbox = try ImportSandbox(policies: [])
        let text = sandbox.path("deny.txt")
        try sandbox.write("deny.txt", Self.words.joined(separator: "\n"))
        try SystemGzip.compress(text)
        try sandbox.write("a.json", #"{"name":"a","rules":[{"rule":"blocklist","lists":["file:deny.txt.gz"]}]}"#)
        try sandbox.write("b.json", #"{"name":"b","rules":[{"rule":"blocklist","lists":["file:deny.txt"]}]}"#)
        #expect(sandbox.run(["policy", "add", sandbox.path("a.json")]).code == .success)
        #expect(sandbox.run(["policy", "add", sandbox.path("b.json")]).code == .success)
        #expect(try Self.wordListRows(sandbox.databasePath).rows == 1, "the same content, compressed or not")
        let verdicts = sandbox.run(["check", "--policy", "a"], stdin: nil)
        #expect(verdicts.code == .success)
        try sandbox.write("bad.txt.gz", [0x1F, 0x8B, 0x08, 0x00, 0x01, 0x02])
        try sandbox.write("c.json", #"{"name":"c","rules":[{"rule":"blocklist","lists":["file:bad.txt.gz"]}]}"#)
        let refused = sandbox.run(["policy", "add", sandbox.path("c.json")])
        #expect(refused.code == .dataError)
        #expect(refused.err.contains("bad.txt.gz is damaged or cut-short gzip"), "\(refused.err)")
    }
}
