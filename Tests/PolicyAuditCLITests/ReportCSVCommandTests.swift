import Foundation
import PolicyAudit
import Testing

@testable import PolicyAuditCLI

/// `pwaudit report --format csv` on the hand-computed fixture (see ReportCLIFixture), parsed row by row.
@Suite("pwaudit report as CSV")
struct ReportCSVCommandTests {
    @Test("CSV: every row of run 1, parsed")
    func csvEveryRow() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let result = fixture.run(["report", "--run", "1", "--format", "csv"])
        #expect(result.code == .success)
        #expect(result.out.hasSuffix("\r\n"))
        let records = ReportCLIFixture.csvRecords(result.out)
        func rows(_ section: String) -> [String] {
            records.filter { $0["section"] == section }.map { record in
                ["policy", "item", "item_b", "label", "count", "total", "percent", "value"].map { record[$0] ?? "?" }
                    .joined(separator: "|")
            }
        }
        let provenance = Dictionary(
            uniqueKeysWithValues: records.filter { $0["section"] == "provenance" }.map { ($0["item"]!, $0["value"]!) })
        #expect(provenance["run_id"] == "1")
        #expect(provenance["run_label"] == "first")
        #expect(provenance["source_file"] == "run1.csv")
        #expect(provenance["source_size_bytes"] == String(ReportCLIFixture.run1.utf8.count))
        #expect(provenance["source_sha256"] == fixture.run1SHA256)
        #expect(provenance["status"] == "complete")
        #expect(provenance["pwaudit_version"] == PolicyAuditVersion.current)
        #expect(rows("rows") == ["|read|||22|22|100.00|", "|accepted|||20|22|90.91|", "|rejected|||2|22|9.09|"])
        #expect(rows("rejected_reason") == ["|empty-password|||1|22|4.55|", "|field-count|||1|22|4.55|"])
        let versions = rows("version").filter { !$0.contains("definition_sha256") }
        #expect(
            versions == [
                "corp@1|effective_from||||||2026-01-01T00:00:00Z", "corp@1|total|||20|20|100.00|",
                "corp@1|unlocked|||12|20|60.00|", "corp@1|near_misses|||5|20|25.00|",
                "corp@2|effective_from||||||2026-06-01T00:00:00Z", "corp@2|total|||20|20|100.00|",
                "corp@2|unlocked|||4|20|20.00|", "corp@2|near_misses|||5|20|25.00|",
            ])
        #expect(
            rows("rule_failure") == [
                "corp@1|require-digit||A digit|7|20|35.00|kind=require;bit=1",
                "corp@1|length||At least 8 characters|4|20|20.00|kind=length;bit=0",
                "corp@2|require-special||A special character|14|20|70.00|kind=require;bit=2",
                "corp@2|length||At least 10 characters|10|20|50.00|kind=length;bit=0",
                "corp@2|require-digit||A digit|7|20|35.00|kind=require;bit=1",
            ])
        #expect(
            rows("near_miss") == [
                "corp@1|require-digit||A digit|4|20|20.00|", "corp@1|length||At least 8 characters|1|20|5.00|",
                "corp@2|require-special||A special character|4|20|20.00|", "corp@2|require-digit||A digit|1|20|5.00|",
            ])
        #expect(
            rows("rule_pair") == [
                "corp@1|length|require-digit|At least 8 characters + A digit|3|20|15.00|",
                "corp@2|length|require-special|At least 10 characters + A special character|9|20|45.00|",
                "corp@2|length|require-digit|At least 10 characters + A digit|5|20|25.00|",
                "corp@2|require-digit|require-special|A digit + A special character|5|20|25.00|",
            ])
        #expect(
            rows("length") == [
                "|1|||1|20|5.00|", "|3|||1|20|5.00|", "|5|||1|20|5.00|", "|6|||1|20|5.00|", "|8|||6|20|30.00|",
                "|10|||1|20|5.00|", "|11|||3|20|15.00|", "|12|||3|20|15.00|", "|13|||2|20|10.00|", "|17|||1|20|5.00|",
            ])
        #expect(
            rows("class_composition") == [
                "|lower+digit|||8|20|40.00|", "|lower|||5|20|25.00|", "|upper+lower+digit+special|||3|20|15.00|",
                "|lower+special|||2|20|10.00|", "|digit|||1|20|5.00|", "|lower+digit+special|||1|20|5.00|",
            ])
        #expect(
            rows("reuse") == [
                "|group_count|||2|||", "|candidates_in_groups|||5|20|25.00|", "|largest_group_size|||3|||",
            ])
    }
}
