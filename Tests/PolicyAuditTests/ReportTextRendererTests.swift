import Foundation
import Testing

@testable import PolicyAudit
@testable import PolicyReports

@Suite("Report table and Markdown")
struct ReportTextRendererTests {
    @Test func tableShowsHeadlinesAndAlignedFigures() {
        let text = TableReportRenderer().render(ReportFixture.run)
        #expect(text.contains("12 of 20 (60.0%) would unlock reset under corp@2\n"))
        #expect(text.contains("5 of 20 (25.0%) would unlock reset under corp@3\n"))
        #expect(text.contains("6 of 20 (30.0%) fail exactly one rule"))
        #expect(text.contains("At least one symbol (symbol) blocks the most: 13 (65.0%)"))
        #expect(text.contains("candidates.csv (1,234,567 bytes)"))
        let symbol = text.split(separator: "\n").first { $0.hasPrefix("  symbol      At least one symbol") }
        #expect(symbol?.hasSuffix("13  65.0%") == true)
        #expect(!text.contains("\u{1B}"))
    }

    @Test func tableRightAlignsNumbersWithSeparators() {
        var report = ReportFixture.run
        report.versions = [
            VersionReport(
                policy: ReportFixture.policy(3), total: 1_000_000, unlocked: 312_004,
                ruleFailures: [
                    RuleFailure(ruleID: "min-length", label: "Length", kind: "length", bit: 0, count: 412_345),
                    RuleFailure(ruleID: "digit", label: "Digit", kind: "charset", bit: 1, count: 9),
                ],
                nearMisses: .none, topFailingPairs: [])
        ]
        let lines = TableReportRenderer().render(report).split(separator: "\n").map(String.init)
        #expect(lines.contains("312,004 of 1,000,000 (31.2%) would unlock reset under corp@3"))
        let big = lines.first { $0.hasPrefix("  min-length ") }
        let small = lines.first { $0.hasPrefix("  digit ") }
        #expect(big != nil && small != nil)
        #expect(big?.count == small?.count)  // right-aligned: rows end at the same column
        #expect(big?.hasSuffix("412,345  41.2%") == true)
        #expect(small?.hasSuffix("      9   0.0%") == true)
    }

    @Test func colourOnlyWhenAskedAndLabelsCannotInjectEscapes() {
        #expect(TableReportRenderer(useColor: true).render(ReportFixture.run).contains("\u{1B}[1m"))
        let hostile = TableReportRenderer(useColor: false).render(ReportFixture.hostileRun)
        #expect(!hostile.contains("\u{1B}"))
        #expect(hostile.contains(#"sym\u{1B}[31mbol"#))
    }

    @Test func tableRendersComparisonAndHistory() {
        let comparison = TableReportRenderer().render(ReportFixture.comparison)
        #expect(
            comparison.contains("moving from corp@2 to corp@3 blocks 8 that passed before and unlocks 1 that did not"))
        #expect(comparison.contains("corp@2 unlocks       4 (20.0%)      8 (40.0%)"))
        #expect(comparison.contains("corp@2 blocks         1 (5.0%)      7 (35.0%)"))
        #expect(comparison.contains("87.5%"))
        let history = TableReportRenderer().render(ReportFixture.history)
        #expect(history.contains("2026-11  corp@2, corp@3     40        17  42.5%  symbol                 13"))
        #expect(history.contains("2026-12                      0         0   0.0%  -                       -"))
    }

    @Test func emptyRunStillRenders() {
        for format in ReportFormat.allCases {
            #expect(!Report.run(ReportFixture.emptyRun).rendered(as: format).isEmpty)
        }
        #expect(TableReportRenderer().render(ReportFixture.emptyRun).contains("0 of 0 (0.0%) would unlock reset"))
    }

    @Test func markdownHasHeadingsHeadlinesAndTableRows() {
        let text = MarkdownReportRenderer().render(ReportFixture.run)
        #expect(text.hasPrefix("# Run report: run 7 (nightly)\n"))
        #expect(text.contains("## corp@3\n"))
        #expect(text.contains("**5 of 20 (25.0%) would unlock reset under corp@3.** 6 (30.0%) fail exactly one rule."))
        #expect(text.contains("| Rule | Label | Kind | Bit | Failing | % |\n| --- | --- | --- | ---: | ---: | ---: |"))
        #expect(text.contains("| symbol | At least one symbol | charset | 2 | 13 | 65.0% |"))
        #expect(text.contains("| min-length | symbol | 7 | 35.0% |"))
        #expect(text.contains("| 8–11 | 9 | 45.0% |"))
        #expect(text.contains("| rejected: empty\\_password | 1 | 4.5% |"))
    }

    @Test func markdownEscapesPipesAndMarkup() {
        let text = MarkdownReportRenderer().render(ReportFixture.hostileRun)
        #expect(text.contains(#"| digit | \<script\>alert(1)\</script\> a\|b | charset | 1 | 4 | 20.0% |"#))
        let row = text.split(separator: "\n").first { $0.contains("alert(1)") }
        let unescapedPipes = row.map { $0.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count }
        #expect(unescapedPipes == 7)  // six cells, so the label's own pipe stays inside its cell
    }

    @Test func markdownRendersComparisonAndHistory() {
        let comparison = MarkdownReportRenderer().render(ReportFixture.comparison)
        #expect(comparison.contains("| corp@2 unlocks | 4 (20.0%) | 8 (40.0%) |"))
        #expect(comparison.contains("| symbol | At least one symbol | 7 | 87.5% |"))
        let history = MarkdownReportRenderer().render(ReportFixture.history)
        #expect(history.contains("| 2026-11 | corp@2, corp@3 | 40 | 17 | 42.5% | symbol | 13 |"))
        #expect(history.contains("| 2026-12 |  | 0 | 0 | 0.0% | – | – |"))
    }

    @Test(arguments: ["table", "JSON", " csv ", "markdown", "html"])
    func formatsParse(name: String) throws {
        let format = try ReportFormat(parsing: name)
        #expect(format.rawValue == name.trimmingCharacters(in: .whitespaces).lowercased())
    }

    @Test func unknownFormatNamesTheChoices() {
        #expect(throws: ReportFormatError.unknownFormat("xml")) { try ReportFormat(parsing: "xml") }
        #expect(
            ReportFormatError.unknownFormat("xml").description
                == "Unknown report format 'xml'; use one of: table, json, csv, markdown, html.")
    }
}
