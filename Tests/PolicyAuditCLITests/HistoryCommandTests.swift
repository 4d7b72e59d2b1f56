import Foundation
import Testing

@testable import PolicyAuditCLI

/// `pwaudit history` on the hand-computed fixture: corp@1 in force from 2026-01-01, corp@2 from 2026-06-01; run 1
/// scored both on 2026-05-30…06-02, run 2 only corp@1 on 2026-05-29 and 2026-06-03 (see ReportCLIFixture).
@Suite("pwaudit history")
struct HistoryCommandTests {
    /// Each bucket as `key versions total unlocked top-rule top-count not-scored`.
    private func buckets(_ fixture: ReportCLIFixture, _ arguments: [String]) throws -> [String] {
        let result = fixture.run(["history"] + arguments + ["--format", "json"])
        #expect(result.code == .success, "\(result.err)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        return (report["buckets"] as? [[String: Any]] ?? []).map { bucket in
            let top = bucket["top_blocking_rule"] as? [String: Any]
            let versions = (bucket["versions"] as? [Int] ?? []).map(String.init).joined(separator: ",")
            let unlocked = (bucket["unlocked"] as? [String: Any])?["count"] as? Int ?? -1
            return "\(bucket["key"]!) [\(versions)] \(bucket["total"]!) \(unlocked) "
                + "\(top?["rule_id"] ?? "-") \(top?["count"] ?? "-") \(bucket["not_scored"]!)"
        }
    }

    @Test("by run: each version its own bucket; in force: run 1 splits at 2026-06-01, run 2 misses corp@2")
    func byRun() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        #expect(
            try buckets(fixture, []) == [
                "1 [1] 20 12 require-digit 7 0", "1 [2] 20 4 require-special 14 0", "2 [1] 4 2 require-digit 2 0",
            ])
        // run 1: 05-30/31 under corp@1 (3+4 of 10, digit 2+1, length 1), 06-01/02 under corp@2 (1+1 of 10,
        // length 3+1, digit 2+2, special 2+4) → 9 of 20; digit 7, special 6, length 5.
        #expect(
            try buckets(fixture, ["--by", "run", "--in-force"]) == [
                "1 [1,2] 20 9 require-digit 7 0", "2 [1] 2 1 length 1 2",
            ])
    }

    @Test("by day, both modes")
    func byDay() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        #expect(
            try buckets(fixture, ["--by", "day"]) == [
                "2026-05-29 [1] 2 1 length 1 0",
                "2026-05-30 [1] 5 3 require-digit 2 0", "2026-05-30 [2] 5 0 length 5 0",
                "2026-05-31 [1] 5 4 require-digit 1 0", "2026-05-31 [2] 5 2 require-special 3 0",
                "2026-06-01 [1] 5 2 length 2 0", "2026-06-01 [2] 5 1 length 3 0",
                "2026-06-02 [1] 5 3 require-digit 2 0", "2026-06-02 [2] 5 1 require-special 4 0",
                "2026-06-03 [1] 2 1 require-digit 1 0",
            ])
        #expect(
            try buckets(fixture, ["--by", "day", "--in-force"]) == [
                "2026-05-29 [1] 2 1 length 1 0", "2026-05-30 [1] 5 3 require-digit 2 0",
                "2026-05-31 [1] 5 4 require-digit 1 0", "2026-06-01 [2] 5 1 length 3 0",
                "2026-06-02 [2] 5 1 require-special 4 0", "2026-06-03 [] 0 0 - - 2",
            ])
        #expect(
            try buckets(fixture, ["--by", "day", "--in-force", "--since", "2026-05-31", "--until=2026-06-01"]) == [
                "2026-05-31 [1] 5 4 require-digit 1 0", "2026-06-01 [2] 5 1 length 3 0",
            ])
    }

    @Test("by ISO week and by month, both modes; --policy NAME@N keeps one series")
    func byWeekAndMonth() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        // W22 = 05-25…05-31, W23 = 06-01…06-07: the same days as May and June here.
        for (kind, first, second) in [("week", "2026-W22", "2026-W23"), ("month", "2026-05", "2026-06")] {
            #expect(
                try buckets(fixture, ["--by", kind]) == [
                    "\(first) [1] 12 8 require-digit 4 0", "\(first) [2] 10 2 require-special 8 0",
                    "\(second) [1] 12 6 require-digit 5 0", "\(second) [2] 10 2 require-special 6 0",
                ])
            #expect(
                try buckets(fixture, ["--by", kind, "--in-force"]) == [
                    "\(first) [1] 12 8 require-digit 4 0", "\(second) [2] 10 2 require-special 6 2",
                ])
        }
        #expect(
            try buckets(fixture, ["--by", "month", "--policy", "corp@2"]) == [
                "2026-05 [2] 10 2 require-special 8 0", "2026-06 [2] 10 2 require-special 6 0",
            ])
    }

    @Test("in-force output names what was not scored, in every format")
    func notScored() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let arguments = ["history", "--by", "month", "--in-force"]
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(fixture.run(arguments + ["--format", "json"]).out.utf8))
                as? [String: Any])
        #expect(json["mode"] as? String == "in-force")
        #expect(json["bucket"] as? String == "month")
        let gaps = try #require(json["not_scored"] as? [[String: Any]])
        #expect(gaps.count == 1)
        #expect(gaps.first?["run_id"] as? Int == 2)
        #expect(gaps.first?["in_force"] as? String == "corp@2")
        #expect(gaps.first?["first_day"] as? String == "2026-06-03")
        #expect(gaps.first?["days"] as? Int == 1)
        #expect(gaps.first?["candidates"] as? Int == 2)
        let sentence = "run 2: 2 candidates submitted on 2026-06-03 fall under corp@2, which the run did not score"
        let table = fixture.run(arguments).out
        #expect(table.contains("  2026-05  corp@1       12         8  66.7%  require-digit           4           0"))
        #expect(table.contains("  2026-06  corp@2       10         2  20.0%  require-special         6           2"))
        #expect(table.contains(sentence))
        let markdown = fixture.run(arguments + ["--format", "markdown"]).out
        #expect(markdown.contains("| 2026-06 | corp@2 | 10 | 2 | 20.0% | require-special | 6 | 2 |"))
        #expect(markdown.contains(sentence))
        let records = ReportCLIFixture.csvRecords(fixture.run(arguments + ["--format", "csv"]).out)
        #expect(
            records.filter { $0["section"] == "bucket" }.map { "\($0["item"]!) \($0["count"]!)/\($0["total"]!)" }
                == ["2026-05 8/12", "2026-06 2/10"])
        #expect(records.filter { $0["section"] == "bucket_not_scored" }.map { $0["count"]! } == ["0", "2"])
        #expect(
            records.filter { $0["section"] == "not_scored" }.map { $0["item"]! + " " + $0["policy"]! } == ["2 corp@2"])
        let html = fixture.run(arguments + ["--format", "html"]).out
        #expect(html.components(separatedBy: "<svg").count - 1 == 1)
        #expect(html.contains(">66.7%</text>") && html.contains(">20.0%</text>"))
        #expect(html.contains(sentence))
    }

    @Test("HTML by version draws one trend per version")
    func htmlSeries() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let html = fixture.run(["history", "--by", "month", "--format", "html"]).out
        #expect(html.components(separatedBy: "<svg").count - 1 == 2)
        #expect(html.contains("<h2>corp@1</h2>") && html.contains("<h2>corp@2</h2>"))
        #expect(html.contains(">66.7%</text>") && html.contains(">50.0%</text>"))
    }

    @Test("usage: a second policy needs --policy; bad --by, dates and --in-force with @N are refused")
    func usage() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        #expect(fixture.run(["history", "--by", "year"]).code == .usage)
        #expect(fixture.run(["history", "--since", "yesterday"]).code == .usage)
        #expect(fixture.run(["history", "--since", "2026-06-02", "--until", "2026-06-01"]).code == .usage)
        #expect(fixture.run(["history", "--policy", "corp@2", "--in-force"]).code == .usage)
        #expect(fixture.run(["history", "--policy", "corp@7"]).code == .noInput)
        try Data(#"{"name": "other", "rules": [{"rule": "length", "min": 4}]}"#.utf8)
            .write(to: URL(fileURLWithPath: "\(fixture.directory)/other.json"))
        #expect(fixture.run(["policy", "add", "other.json"]).code == .success)
        let ambiguous = fixture.run(["history"])
        #expect(ambiguous.code == .usage)
        #expect(
            ambiguous.err.hasPrefix("Error: several policies are stored (corp, other); name one with --policy NAME"))
        #expect(fixture.run(["history", "--policy", "corp"]).code == .success)
        let unscored = fixture.run(["history", "--policy", "other"])
        #expect(unscored.code == .noInput)  // no complete run scored it, as `report` with no complete run
    }
}
