import Testing

@testable import PolicyAudit
@testable import PolicyReports

@Suite("Report HTML")
struct ReportHTMLTests {
    private func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func runReportHasOneAccessibleChartPerFigure() {
        let html = HTMLReportRenderer().render(ReportFixture.run)
        // Per version: rule-failure bars and funnel; plus the length histogram.
        #expect(count("<svg", in: html) == 2 * 2 + 1)
        #expect(count(#"role="img""#, in: html) == 5)
        #expect(count("<title>", in: html) == 5 + 1)  // the document's own title too
        #expect(count("aria-label=", in: html) == 5)
        #expect(html.contains("Candidates failing each rule of corp@3"))
        #expect(html.contains("Unlock funnel under corp@3"))
        #expect(html.contains("Candidates by length"))
    }

    @Test func figuresAreWrittenOnTheChartsAndInTables() {
        let html = HTMLReportRenderer().render(ReportFixture.run)
        #expect(html.contains(#"<p class="headline">5 of 20 (25.0%) would unlock reset under corp@3</p>"#))
        #expect(html.contains(">13 (65.0%)</text>"))  // bar label
        #expect(html.contains(">11 (55.0%)</text>"))  // funnel: 5 unlocked + 6 near misses
        #expect(html.contains(#"<td>symbol</td><td>At least one symbol</td><td>charset</td><td class="num">13</td>"#))
        #expect(html.contains(#"<td>8–11</td><td class="num">9</td><td class="num">45.0%</td>"#))
    }

    @Test func documentIsSelfContainedAndPrintable() {
        for html in [
            HTMLReportRenderer().render(ReportFixture.run), HTMLReportRenderer().render(ReportFixture.comparison),
            HTMLReportRenderer().render(ReportFixture.history),
        ] {
            #expect(html.hasPrefix("<!DOCTYPE html>"))
            #expect(!html.contains("http://") && !html.contains("https://"))
            #expect(!html.contains("src=") && !html.contains("<script") && !html.contains("<link"))
            #expect(html.contains("@media print"))
            #expect(html.contains("default-src 'none'"))
        }
    }

    @Test func labelsAreEscaped() {
        let html = HTMLReportRenderer().render(ReportFixture.hostileRun)
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; a|b"))
        #expect(html.contains("=HYPERLINK(&quot;http://evil.example&quot;"))  // escaped text, not a reference
        #expect(!html.contains("href"))
        #expect(!html.contains("\u{1B}"))
    }

    @Test func comparisonAndHistoryHaveTheirCharts() {
        let comparison = HTMLReportRenderer().render(ReportFixture.comparison)
        #expect(count("<svg", in: comparison) == 2)
        #expect(comparison.contains("moving from corp@2 to corp@3 blocks 8 that passed before"))
        #expect(comparison.contains(">7 (87.5%)</text>"))
        let history = HTMLReportRenderer().render(ReportFixture.history)
        #expect(count("<svg", in: history) == 1)
        #expect(count("<polyline", in: history) == 1)
        #expect(count("<circle", in: history) == 2)  // the empty month has no point
        #expect(history.contains(">42.5%</text>"))
        #expect(history.contains(">no data</text>"))
    }

    @Test func emptyRunRendersWithoutData() {
        let html = HTMLReportRenderer().render(ReportFixture.emptyRun)
        #expect(html.contains("0 of 0 (0.0%) would unlock reset under corp@3"))
        #expect(!html.contains("NaN") && !html.contains("nan%") && !html.contains("inf"))
        #expect(html.contains(">0 (0.0%)</text>"))
    }
}
