import Foundation
import Testing

@testable import PolicyAudit
@testable import PolicyReports

/// Issue 10, defect 14: a 400-character label keeps reports on screen — cut with an ellipsis in terminal tables,
/// wrapped (not cut) in HTML.
@Suite("long labels stay on screen")
struct LongLabelReportTests {
    static let long = String(repeating: "nightly-", count: 50)  // 400 characters, no space to break at

    static var report: RunReport {
        var report = ReportFixture.run
        report.run?.label = long
        report.run?.sourceFileName = long + ".csv"
        return report
    }

    @Test("terminal table: no line grows with the label; the cut cells end with an ellipsis")
    func tableCutsLongCells() {
        let text = TableReportRenderer().render(Self.report)
        let widest = text.split(separator: "\n").map(\.count).max() ?? 0
        #expect(widest <= 160, "widest line \(widest) characters")
        #expect(text.contains("…"))
        #expect(!text.contains(Self.long))
        var long = ReportFixture.comparison
        long.run.label = Self.long
        let comparison = TableReportRenderer().render(long)
        #expect((comparison.split(separator: "\n").map(\.count).max() ?? 0) <= 160)
    }

    @Test("HTML: the label is kept whole and every text block may wrap anywhere")
    func htmlWrapsLongText() {
        let html = HTMLReportRenderer().render(Self.report)
        #expect(html.contains(Self.long))
        #expect(html.contains("h1, h2, h3, p, li, caption, th, td { overflow-wrap: anywhere; }"))
    }
}
