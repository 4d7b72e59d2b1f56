import Foundation
import Testing

@testable import PolicyAudit
@testable import PolicyReports

@Suite("Report JSON")
struct ReportJSONTests {
    private func object(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func runReportRoundTripsThroughJSON() throws {
        let text = JSONReportRenderer().render(ReportFixture.run)
        let decoded = try JSONDecoder().decode(RunReport.self, from: Data(text.utf8))
        #expect(decoded == ReportFixture.run)
    }

    @Test func aBreachedSectionRoundTripsThroughJSON() throws {
        var report = ReportFixture.run
        report.versions[0].breached = BreachedSummary(
            buckets: [
                .init(lowest: 1, highest: 1, count: 3), .init(lowest: 2, highest: 10, count: 0),
                .init(lowest: 11, highest: 100, count: 1), .init(lowest: 101, highest: 1_000, count: 0),
                .init(lowest: 1_001, highest: nil, count: 2),
            ])
        let text = JSONReportRenderer().render(report)
        #expect(try JSONDecoder().decode(RunReport.self, from: Data(text.utf8)) == report)
        let versions = try #require(try object(text)["versions"] as? [[String: Any]])
        let breached = try #require(versions[0]["breached"] as? [String: Any])
        #expect((breached["matched"] as? [String: Any])?["count"] as? Int == 6)
    }

    @Test func comparisonAndHistoryRoundTrip() throws {
        let comparison = JSONReportRenderer().render(ReportFixture.comparison)
        #expect(
            try JSONDecoder().decode(ComparisonReport.self, from: Data(comparison.utf8)) == ReportFixture.comparison)
        let history = JSONReportRenderer().render(ReportFixture.history)
        #expect(try JSONDecoder().decode(HistoryReport.self, from: Data(history.utf8)) == ReportFixture.history)
    }

    @Test func runReportHasTheDocumentedShape() throws {
        let json = try object(JSONReportRenderer().render(ReportFixture.run))
        #expect(
            Set(json.keys) == [
                "format_version", "kind", "pwaudit_version", "generated_at", "run", "rows",
                "versions", "features",
            ])
        #expect(json["format_version"] as? Int == 1)
        #expect(json["kind"] as? String == "run")
        #expect(json["generated_at"] as? String == "2026-11-30T09:00:00Z")
        let run = try #require(json["run"] as? [String: Any])
        #expect(
            Set(run.keys) == [
                "id", "label", "source_file", "source_size_bytes", "source_sha256", "started_at",
                "finished_at", "status",
            ])
        #expect(run["id"] as? Int == 7)
        #expect(run["source_size_bytes"] as? Int == 1_234_567)
        #expect(run["finished_at"] as? String == "2026-11-30T08:01:15Z")
        let rows = try #require(json["rows"] as? [String: Any])
        #expect(rows["read"] as? Int == 22)
        let accepted = try #require(rows["accepted"] as? [String: Any])
        #expect(accepted["count"] as? Int == 20)
        #expect(accepted["percent"] as? Double == 90.91)
        let reasons = try #require(rows["rejected_by_reason"] as? [[String: Any]])
        #expect(reasons.map { $0["reason"] as? String } == ["empty_password", "malformed_row"])
        #expect(reasons.map { $0["percent"] as? Double } == [4.55, 4.55])
    }

    @Test func versionFiguresAreCountsWithTwoDecimalPercents() throws {
        let json = try object(JSONReportRenderer().render(ReportFixture.run))
        let versions = try #require(json["versions"] as? [[String: Any]])
        #expect(versions.count == 2)
        let corp3 = versions[1]
        #expect(
            Set(corp3.keys) == [
                "policy", "total", "unlocked", "rule_failures", "near_misses", "top_failing_pairs", "breached",
                "strength", "length_limits",
            ])
        #expect(corp3["breached"] is NSNull, "the fixture's versions have no breach-corpus rule")
        #expect(corp3["strength"] is NSNull, "the fixture's run stored no strength estimates")
        let policy = try #require(corp3["policy"] as? [String: Any])
        #expect(policy["reference"] as? String == "corp@3")
        #expect(policy["name"] as? String == "corp")
        #expect(policy["version"] as? Int == 3)
        #expect(policy["effective_from"] as? String == "2026-11-29T08:00:00Z")
        #expect((versions[0]["policy"] as? [String: Any])?["effective_from"] is NSNull)
        #expect(corp3["total"] as? Int == 20)
        let unlocked = try #require(corp3["unlocked"] as? [String: Any])
        #expect(unlocked["count"] as? Int == 5)
        #expect(unlocked["percent"] as? Double == 25)
        let failures = try #require(corp3["rule_failures"] as? [[String: Any]])
        #expect(Set(failures[0].keys) == ["rule_id", "label", "kind", "bit", "count", "percent"])
        #expect(failures.map { $0["rule_id"] as? String } == ["symbol", "min-length", "digit"])
        #expect(failures.map { $0["count"] as? Int } == [13, 9, 4])
        #expect(failures.map { $0["bit"] as? Int } == [2, 0, 1])
        #expect(failures.map { $0["percent"] as? Double } == [65, 45, 20])
        let nearMisses = try #require(corp3["near_misses"] as? [String: Any])
        #expect(nearMisses["count"] as? Int == 6)
        #expect(nearMisses["percent"] as? Double == 30)
        let byRule = try #require(nearMisses["by_rule"] as? [[String: Any]])
        #expect(byRule.map { $0["rule_id"] as? String } == ["symbol", "min-length"])
        #expect(byRule.map { $0["count"] as? Int } == [4, 2])
        let pairs = try #require(corp3["top_failing_pairs"] as? [[String: Any]])
        #expect(Set(pairs[0].keys) == ["rule_a", "rule_a_label", "rule_b", "rule_b_label", "count", "percent"])
        #expect(pairs.map { $0["count"] as? Int } == [7, 4, 2])
        #expect(pairs.map { $0["percent"] as? Double } == [35, 20, 10])
    }

    @Test func featuresKeepExactLengths() throws {
        let json = try object(JSONReportRenderer().render(ReportFixture.run))
        let features = try #require(json["features"] as? [String: Any])
        #expect(features["candidates"] as? Int == 20)
        let lengths = try #require(features["length_histogram"] as? [[String: Any]])
        #expect(lengths.map { $0["length"] as? Int } == [6, 8, 10, 12, 16, 40])
        #expect(lengths.map { $0["count"] as? Int } == [3, 5, 4, 5, 2, 1])
        let classes = try #require(features["class_composition"] as? [[String: Any]])
        #expect(classes.first?["classes"] as? String == "lower+digit")
        #expect(classes.first?["percent"] as? Double == 45)
        let reuse = try #require(features["reuse"] as? [String: Any])
        #expect(reuse["group_count"] as? Int == 2)
        #expect(reuse["largest_group_size"] as? Int == 3)
        #expect((reuse["candidates_in_groups"] as? [String: Any])?["count"] as? Int == 5)
    }

    @Test func comparisonAndHistoryHaveTheDocumentedShape() throws {
        let comparison = try object(JSONReportRenderer().render(ReportFixture.comparison))
        #expect(comparison["kind"] as? String == "comparison")
        #expect(comparison["total"] as? Int == 20)
        #expect((comparison["a"] as? [String: Any])?["reference"] as? String == "corp@2")
        #expect((comparison["b"] as? [String: Any])?["reference"] as? String == "corp@3")
        for (key, count) in [("both_unlocked", 4), ("only_a", 8), ("only_b", 1), ("neither", 7)] {
            #expect((comparison[key] as? [String: Any])?["count"] as? Int == count)
        }
        let newlyBlocked = try #require(comparison["newly_blocked"] as? [String: Any])
        #expect(newlyBlocked["count"] as? Int == 8)
        let byRule = try #require(newlyBlocked["by_rule"] as? [[String: Any]])
        #expect(byRule.map { $0["percent"] as? Double } == [87.5, 37.5])

        let history = try object(JSONReportRenderer().render(ReportFixture.history))
        #expect(history["kind"] as? String == "history")
        #expect(history["policy"] as? String == "corp")
        #expect(history["bucket"] as? String == "month")
        #expect(history["mode"] as? String == "by-version")
        let buckets = try #require(history["buckets"] as? [[String: Any]])
        #expect(
            Set(buckets[1].keys) == [
                "key", "run_id", "run_label", "versions", "references", "total", "unlocked",
                "top_blocking_rule", "not_scored",
            ])
        #expect(buckets[1]["not_scored"] as? Int == 0)
        #expect(history["not_scored"] as? [Any] != nil)
        #expect(buckets[1]["references"] as? [String] == ["corp@2", "corp@3"])
        #expect((buckets[1]["unlocked"] as? [String: Any])?["percent"] as? Double == 42.5)
        #expect((buckets[1]["top_blocking_rule"] as? [String: Any])?["rule_id"] as? String == "symbol")
        #expect(buckets[2]["top_blocking_rule"] is NSNull)
    }

    @Test func emptyRunEncodesZeroPercents() throws {
        let text = JSONReportRenderer().render(ReportFixture.emptyRun)
        let json = try object(text)
        let version = try #require((json["versions"] as? [[String: Any]])?.first)
        #expect((version["unlocked"] as? [String: Any])?["percent"] as? Double == 0)
        #expect((json["run"] as? [String: Any])?["finished_at"] is NSNull)
        #expect((json["run"] as? [String: Any])?["label"] is NSNull)
        #expect(try JSONDecoder().decode(RunReport.self, from: Data(text.utf8)) == ReportFixture.emptyRun)
    }

    @Test func decodingRefusesAnotherFormatVersionOrKind() throws {
        let text = JSONReportRenderer().render(ReportFixture.run)
        let future = text.replacingOccurrences(of: #""format_version" : 1"#, with: #""format_version" : 2"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RunReport.self, from: Data(future.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(HistoryReport.self, from: Data(text.utf8)) }
    }

    @Test func percentsInTheFileAreNotTrusted() throws {
        let text = JSONReportRenderer().render(ReportFixture.run)
            .replacingOccurrences(of: #""percent" : 25"#, with: #""percent" : 99"#)
        let decoded = try JSONDecoder().decode(RunReport.self, from: Data(text.utf8))
        #expect(decoded.versions[1].unlockedShare.description == "25.0%")
    }
}
