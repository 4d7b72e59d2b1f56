import AuditCrypto
import Foundation
import Testing

@testable import PolicyAuditCLI

/// `policy show` and `policy diff` name a loaded blocklist file; they never print its entries (issue 10, defect 12).
@Suite("pwaudit policy: blocklist files")
struct PolicyBlocklistFileDisplayTests {
    @Test("show prints the file by name, entry count and SHA-256; show and diff print none of its entries")
    func showsFileBySummary() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let list = "# staff passwords seen in the wild\nCanaryWord-Zq81\nsecond-entry\n"
        try cli.write("deny.txt", list)
        let policy = try cli.write(
            "p.json", #"{"name":"p","rules":[{"rule":"blocklist","lists":["file:deny.txt"],"words":["inline"]}]}"#)
        try cli.run(["init", "--db", "a.db"])
        #expect(try cli.run(["policy", "add", policy, "--db", "a.db"]).out == "p@1\n")
        let shown = try cli.run(["policy", "show", "p", "--db", "a.db"])
        #expect(shown.code == .success)
        let object = try #require(JSONSerialization.jsonObject(with: Data(shown.out.utf8)) as? [String: Any])
        let rule = try #require((object["rules"] as? [[String: Any]])?.first)
        let file = try #require((rule["files"] as? [[String: Any]])?.first)
        #expect(file["name"] as? String == "deny.txt")
        #expect(file["entries"] as? Int == 2)
        #expect(file["sha256"] as? String == SHA256.hexDigest(utf8: list))
        #expect(rule["words"] as? [String] == ["inline"])
        #expect(!shown.out.lowercased().contains("canaryword") && !shown.out.contains("second-entry"))
        // The listed entries still block.
        let checked = try cli.run(["check", "--policy", "p@1", "--db", "a.db"], stdin: "canaryword-zq81\n")
        #expect(checked.out.contains("blocklist.listed"))

        try cli.write("q.json", #"{"name":"p","rules":[{"rule":"length","min":3}]}"#)
        #expect(try cli.run(["policy", "add", "q.json", "--db", "a.db"]).code == .success)
        let diff = try cli.run(["policy", "diff", "p@1", "p@2", "--db", "a.db"])
        #expect(diff.out.contains("deny.txt") && diff.out.contains("\"entries\":2"))
        #expect(!diff.out.lowercased().contains("canaryword"))
    }
}
