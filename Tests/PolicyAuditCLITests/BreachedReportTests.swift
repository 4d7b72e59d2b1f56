import AuditCrypto
import Foundation
import PwauditTestSupport
import Testing

/// A run's `breached` section: candidates refused by a breach corpus, bucketed by breach count, per version with a
/// `hibp:` rule, in the stored summary and every report format; never a hash or a password.
@Suite("Report: breached section")
struct BreachedReportTests {
    /// One candidate per bucket (seen 1, 5, 50, 500 and 5,000 times), and the canary in the top bucket.
    private static let seen: [(password: String, count: Int)] = [
        ("seen-once-pw", 1), ("seen-five-pw", 5), ("seen-fifty-pw", 50), ("seen-500-pw", 500),
        ("seen-5000-pw", 5_000), (canary, 1_234_567),
    ]
    /// A password that must appear nowhere: not in the database, not in any report.
    private static let canary = "Canary-Breached-7f3e9a1c"
    /// Candidates the corpus has never seen.
    private static let misses = ["never-seen-one", "never-seen-two", "never-seen-three"]

    /// A sorted HIBP SHA-1 corpus of `entries` (uppercase hex, LF), with a few lines for passwords nobody submits.
    private static func corpus(_ entries: [(password: String, count: Int)]) -> String {
        let all = entries + [("not-a-candidate-a", 7), ("not-a-candidate-b", 70_000)]
        return all.map { (SHA1.digest(Array($0.password.utf8)), $0.count) }
            .sorted { $0.0.lexicographicallyPrecedes($1.0) }
            .map { "\(Hex.encode($0.0).uppercased()):\($0.1)\n" }.joined()
    }

    /// A sandbox with `breach` (length and a `hibp:` rule) and `plain` (length only), and one run scoring both.
    private static func importedRun() throws -> ImportSandbox {
        let sandbox = try ImportSandbox(policies: [])
        try sandbox.write("pwned.txt", corpus(seen))
        try sandbox.write(
            "breach.json",
            #"{"name":"breach","rules":[{"rule":"length","min":8},{"rule":"blocklist","lists":["hibp:pwned.txt"]}]}"#)
        try sandbox.write("plain.json", #"{"name":"plain","rules":[{"rule":"length","min":8}]}"#)
        for file in ["breach.json", "plain.json"] {
            let added = sandbox.run(["policy", "add", sandbox.path(file)])
            try #require(added.code == .success, "\(added.err)")
        }
        let passwords = seen.map(\.password) + misses
        let csv =
            "id,username,password\n"
            + passwords.enumerated().map { "\($0.offset + 1),user\($0.offset),\($0.element)\n" }.joined()
        let result = sandbox.run([
            "import", "--policy", "breach", "--policy", "plain", try sandbox.write("in.csv", csv),
        ])
        try #require(result.code == .success, "\(result.err)")
        return sandbox
    }

    @Test func theStoredSummaryBucketsRefusedCandidatesByBreachCountForTheCorpusVersionOnly() throws {
        let sandbox = try Self.importedRun()
        // One digit per bucket, the lowest counts last.
        let rows = try sandbox.integers(
            "SELECT seen_once + 10 * seen_2_to_10 + 100 * seen_11_to_100 + 1000 * seen_101_to_1000"
                + " + 10000 * seen_over_1000 FROM run_breach_summary")
        #expect(rows == [21_111], "one row, for breach@1 only")
    }

    @Test func jsonCarriesTheBucketsAndNullForAVersionWithoutACorpus() throws {
        let sandbox = try Self.importedRun()
        let report = sandbox.run(["report", "--format", "json"])
        #expect(report.code == .success, "\(report.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.out.utf8)) as? [String: Any])
        let versions = try #require(json["versions"] as? [[String: Any]])
        try #require(versions.count == 2)
        let breached = try #require(versions[0]["breached"] as? [String: Any], "\(report.out)")
        let matched = try #require(breached["matched"] as? [String: Any])
        #expect(matched["count"] as? Int == 6)
        let buckets = try #require(breached["by_count"] as? [[String: Any]])
        #expect(buckets.map { $0["count"] as? Int } == [1, 1, 1, 1, 2])
        #expect(buckets.map { $0["min_count"] as? Int } == [1, 2, 11, 101, 1_001])
        #expect(buckets.last?["max_count"] is NSNull)
        #expect(buckets.map { $0["label"] as? String } == ["1", "2–10", "11–100", "101–1,000", "> 1,000"])
        #expect(versions[1]["breached"] is NSNull, "plain has no corpus rule")
    }

    @Test func markdownAndTableShowTheBucketsForTheCorpusVersionOnly() throws {
        let sandbox = try Self.importedRun()
        let markdown = sandbox.run(["report", "--format", "markdown"])
        #expect(markdown.code == .success, "\(markdown.err)")
        #expect(markdown.out.components(separatedBy: "### Breached").count == 2, "one section: \(markdown.out)")
        #expect(markdown.out.contains("6 of 9 (66.7%) refused by a breach corpus"))
        #expect(markdown.out.contains("| 101–1,000 | 1 | 11.1% |"), "\(markdown.out)")
        #expect(markdown.out.contains(#"| \> 1,000 | 2 | 22.2% |"#), "'>' is escaped: \(markdown.out)")
        let table = sandbox.run(["report"])
        #expect(table.code == .success, "\(table.err)")
        #expect(table.out.components(separatedBy: "Breached:").count == 2, "\(table.out)")
        #expect(table.out.contains("Breached: 6 of 9 (66.7%) refused by a breach corpus"))
        let line = try #require(table.out.split(separator: "\n").first { $0.contains("2–10") })
        #expect(line.split(separator: " ").map(String.init) == ["2–10", "1", "11.1%"], "\(line)")
    }

    @Test func noReportFormatNorTheDatabaseHoldsAPasswordOrAHash() throws {
        let sandbox = try Self.importedRun()
        var outputs: [(name: String, text: String)] = []
        for format in ["table", "json", "csv", "markdown", "html"] {
            let report = sandbox.run(["report", "--format", format])
            #expect(report.code == .success, "\(format): \(report.err)")
            #expect(report.out.contains("reach"), "\(format) has a breached section")
            outputs.append((format, report.out + report.err))
        }
        try CanaryScan(canaries: [Self.canary] + Self.seen.map(\.password) + Self.misses, fragmentLength: 12)
            .expectNoTrace(in: [sandbox.databasePath], outputs: outputs)
    }

    @Test func aRescoredVersionWithACorpusGetsItsBuckets() throws {
        let sandbox = try Self.importedRun()
        try sandbox.write(
            "late.json", #"{"name":"late","rules":[{"rule":"blocklist","lists":["hibp:pwned.txt"],"min-count":100}]}"#)
        let added = sandbox.run(["policy", "add", sandbox.path("late.json")])
        try #require(added.code == .success, "\(added.err)")
        let rescored = sandbox.run(["rescore", "1", "--policy", "late", sandbox.path("in.csv")])
        try #require(rescored.code == .success, "\(rescored.err)")
        let rows = try sandbox.integers(
            "SELECT seen_once + 10 * seen_2_to_10 + 100 * seen_11_to_100 + 1000 * seen_101_to_1000"
                + " + 10000 * seen_over_1000 FROM run_breach_summary ORDER BY policy_version_id")
        #expect(rows == [21_111, 21_000], "min-count 100 refuses only the 500 and the > 1,000 candidates")
    }
}
