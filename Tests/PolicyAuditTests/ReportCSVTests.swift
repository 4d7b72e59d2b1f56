import Testing

@testable import PolicyAudit
@testable import PolicyReports

/// A tiny RFC 4180 reader for the tests: quoted fields, doubled quotes, CRLF records.
private func parseCSV(_ text: String) -> [[String]] {
    var records: [[String]] = []
    var record: [String] = []
    var field = ""
    var quoted = false
    var iterator = Array(text).makeIterator()
    var pending: Character? = nil
    while let char = pending ?? iterator.next() {
        pending = nil
        if quoted {
            if char == "\"" {
                if let next = iterator.next() {
                    if next == "\"" {
                        field.append("\"")
                    } else {
                        quoted = false
                        pending = next
                    }
                } else {
                    quoted = false
                }
            } else {
                field.append(char)
            }
        } else if char == "\"" {
            quoted = true
        } else if char == "," {
            record.append(field)
            field = ""
        } else if char == "\r\n" || char == "\n" {
            record.append(field)
            records.append(record)
            record = []
            field = ""
        } else {
            field.append(char)
        }
    }
    return records
}

/// The records of one section, as dictionaries keyed by column name.
private func section(_ name: String, in text: String) -> [[String: String]] {
    let records = parseCSV(text)
    let header = records[0]
    return records.dropFirst().filter { $0[0] == name }.map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
}

@Suite("Report CSV")
struct ReportCSVTests {
    @Test func everyRecordHasTheSharedColumns() {
        let text = CSVReportRenderer().render(ReportFixture.run)
        let records = parseCSV(text)
        #expect(records[0] == ["section", "policy", "item", "item_b", "label", "count", "total", "percent", "value"])
        #expect(records.allSatisfy { $0.count == 9 })
        #expect(text.hasSuffix("\r\n"))
    }

    @Test func runFiguresAreInTheirSections() {
        let text = CSVReportRenderer().render(ReportFixture.run)
        let rows = section("rows", in: text)
        #expect(rows.map { $0["item"] } == ["read", "accepted", "rejected"])
        #expect(rows[1]["count"] == "20" && rows[1]["percent"] == "90.91")
        let unlocked = section("version", in: text).filter { $0["item"] == "unlocked" }
        #expect(unlocked.map { $0["policy"] } == ["corp@2", "corp@3"])
        #expect(unlocked.map { $0["count"] } == ["12", "5"])
        #expect(unlocked.map { $0["percent"] } == ["60.00", "25.00"])
        let failures = section("rule_failure", in: text).filter { $0["policy"] == "corp@3" }
        #expect(failures.map { $0["item"] } == ["symbol", "min-length", "digit"])
        #expect(failures.map { $0["count"] } == ["13", "9", "4"])
        #expect(failures.map { $0["percent"] } == ["65.00", "45.00", "20.00"])
        let nearMisses = section("near_miss", in: text).filter { $0["policy"] == "corp@3" }
        #expect(nearMisses.map { $0["count"] } == ["4", "2"])
        let pairs = section("rule_pair", in: text).filter { $0["policy"] == "corp@3" }
        #expect(
            pairs.map { "\($0["item"]!)+\($0["item_b"]!)" } == [
                "min-length+symbol", "digit+symbol", "min-length+digit",
            ])
        #expect(section("length", in: text).map { $0["count"] } == ["3", "5", "4", "5", "2", "1"])
        #expect(section("class_composition", in: text).first?["item"] == "lower+digit")
        #expect(section("reuse", in: text).first { $0["item"] == "candidates_in_groups" }?["percent"] == "25.00")
        #expect(section("provenance", in: text).first { $0["item"] == "source_size_bytes" }?["value"] == "1234567")
    }

    @Test func formulaCellsAreNeutralised() {
        let text = CSVReportRenderer().render(ReportFixture.hostileRun)
        let failures = section("rule_failure", in: text).filter { $0["policy"] == "corp@3" }
        let hyperlink = failures.first { $0["count"] == "9" }
        #expect(hyperlink != nil)
        #expect(hyperlink?["label"] == #"'=HYPERLINK("http://evil.example","x")"#)
        #expect(hyperlink?["item"] == "'-2")
        #expect(section("rejected_reason", in: text).map { $0["item"] } == ["'+1", "'@x"])
        #expect(!text.contains("\u{1B}"))
        for record in parseCSV(text) {
            for cell in record {
                #expect(!(cell.first.map { "=+-@\t\r".contains($0) } ?? false), "cell \(cell) could run as a formula")
            }
        }
    }

    @Test func quotingFollowsRFC4180() {
        #expect(ReportCSVRow.field("plain") == "plain")
        #expect(ReportCSVRow.field("a,b") == "\"a,b\"")
        #expect(ReportCSVRow.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(ReportCSVRow.field("\tx") == #"'\tx"#)
        #expect(ReportCSVRow.field("@x") == "'@x")
    }

    @Test func comparisonAndHistorySections() {
        let comparison = CSVReportRenderer().render(ReportFixture.comparison)
        let cells = section("comparison", in: comparison)
        #expect(cells.map { $0["item"] } == ["total", "both_unlocked", "only_a", "only_b", "neither"])
        #expect(cells.map { $0["count"] } == ["20", "4", "8", "1", "7"])
        let blockers = section("newly_blocked_by", in: comparison)
        #expect(blockers.map { $0["count"] } == ["7", "3"])
        #expect(blockers.map { $0["percent"] } == ["87.50", "37.50"])
        #expect(blockers.allSatisfy { $0["total"] == "8" && $0["policy"] == "corp@3" })

        let history = CSVReportRenderer().render(ReportFixture.history)
        let buckets = section("bucket", in: history)
        #expect(buckets.map { $0["item"] } == ["2026-10", "2026-11", "2026-12"])
        #expect(buckets.map { $0["percent"] } == ["60.00", "42.50", "0.00"])
        #expect(buckets[1]["policy"] == "corp@2 corp@3")
        #expect(section("bucket_top_rule", in: history).map { $0["item_b"] } == ["min-length", "symbol"])
    }

    @Test func emptyRunRendersZeroes() {
        let text = CSVReportRenderer().render(ReportFixture.emptyRun)
        let unlocked = section("version", in: text).first { $0["item"] == "unlocked" }
        #expect(unlocked?["count"] == "0" && unlocked?["percent"] == "0.00")
        #expect(section("length", in: text).isEmpty)
    }
}
