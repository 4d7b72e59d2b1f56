import Foundation
import Testing

@testable import PolicyAuditCLI

/// `pwaudit compare` on the hand-computed fixture: corp@1 → corp@2 on run 1 (see ReportCLIFixture).
@Suite("pwaudit compare")
struct CompareCommandTests {
    private func share(_ value: Any?) -> [Double] {
        guard let object = value as? [String: Any] else { return [] }
        return [(object["count"] as? NSNumber)?.doubleValue ?? -1, (object["percent"] as? NSNumber)?.doubleValue ?? -1]
    }

    @Test("JSON: the 2x2 and the rules blocking the newly blocked, on the latest run that scored both")
    func json() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let result = fixture.run(["compare", "corp@1", "corp@2", "--format", "json"])
        #expect(result.code == .success)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(report["kind"] as? String == "comparison")
        #expect((report["run"] as? [String: Any])?["id"] as? Int == 1)  // run 2 is newer but scored corp@1 only
        #expect((report["a"] as? [String: Any])?["reference"] as? String == "corp@1")
        #expect((report["b"] as? [String: Any])?["reference"] as? String == "corp@2")
        #expect(report["total"] as? Int == 20)
        #expect(share(report["both_unlocked"]) == [4, 20])
        #expect(share(report["only_a"]) == [8, 40])
        #expect(share(report["only_b"]) == [0, 0])
        #expect(share(report["neither"]) == [8, 40])
        let newly = try #require(report["newly_blocked"] as? [String: Any])
        #expect(newly["count"] as? Int == 8)
        #expect((newly["percent"] as? NSNumber)?.doubleValue == 40)
        let byRule = (newly["by_rule"] as? [[String: Any]] ?? []).map {
            "\($0["rule_id"]!)|\($0["label"]!)|\($0["count"]!)|\($0["percent"]!)"
        }
        #expect(byRule == ["require-special|A special character|8|100", "length|At least 10 characters|4|50"])
    }

    @Test("table, markdown, CSV and HTML carry the same figures")
    func otherFormats() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let table = fixture.run(["compare", "corp@1", "corp@2"]).out
        #expect(table.contains("moving from corp@1 to corp@2 blocks 8 that passed before and unlocks 0 that did not"))
        #expect(table.contains("12 of 20 (60.0%) would unlock reset under corp@1; 4 (20.0%) under corp@2"))
        #expect(table.contains("  corp@1 unlocks       4 (20.0%)      8 (40.0%)"))
        #expect(table.contains("  corp@1 blocks         0 (0.0%)      8 (40.0%)"))
        #expect(table.contains("  require-special  A special character              8              100.0%"))
        let markdown = fixture.run(["compare", "corp@1", "corp@2", "--format", "markdown"]).out
        #expect(markdown.contains("| require-special | A special character | 8 | 100.0% |"))
        #expect(markdown.contains("| length | At least 10 characters | 4 | 50.0% |"))
        let records = ReportCLIFixture.csvRecords(fixture.run(["compare", "corp@1", "corp@2", "--format", "csv"]).out)
        let cells = records.filter { $0["section"] == "comparison" }.map {
            "\($0["item"]!)=\($0["count"]!)/\($0["total"]!)"
        }
        #expect(cells == ["total=20/20", "both_unlocked=4/20", "only_a=8/20", "only_b=0/20", "neither=8/20"])
        let blockers = records.filter { $0["section"] == "newly_blocked_by" }.map {
            "\($0["item"]!)=\($0["count"]!)/\($0["total"]!)"
        }
        #expect(blockers == ["require-special=8/8", "length=4/8"])
        let html = fixture.run(["compare", "corp@1", "corp@2", "--format", "html"]).out
        #expect(html.components(separatedBy: "<svg").count - 1 == 2)
        #expect(html.contains(">8 (100.0%)</text>"))
        #expect(html.contains(">4 (20.0%)</text>"))
    }

    @Test("reversed order swaps the cells; --run picks the run")
    func reversed() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let records = ReportCLIFixture.csvRecords(
            fixture.run(["compare", "corp@2", "corp@1", "--run", "1", "--format", "csv"]).out)
        let cells = records.filter { $0["section"] == "comparison" }.map { "\($0["item"]!)=\($0["count"]!)" }
        #expect(cells == ["total=20", "both_unlocked=4", "only_a=0", "only_b=8", "neither=8"])
        #expect(!records.contains { $0["section"] == "newly_blocked_by" })
    }

    @Test("errors: a run that did not score B, the same version twice, a missing operand")
    func errors() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let unscored = fixture.run(["compare", "corp@1", "corp@2", "--run", "2"])
        #expect(unscored.code == .dataError)
        #expect(unscored.err.hasPrefix("Error: run 2 did not score corp@2"))
        #expect(fixture.run(["compare", "corp@1", "corp@1"]).code == .usage)
        let missing = fixture.run(["compare", "corp@1"])
        #expect(missing.code == .usage)
        #expect(missing.err.contains("See 'pwaudit compare --help'"))
        #expect(fixture.run(["compare", "corp@1", "nope@1"]).code == .noInput)
    }
}
