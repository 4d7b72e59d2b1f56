/// Renders a tuning report as one self-contained HTML page: the curve (one numeric key) or the heat map (two keys) as
/// inline SVG beside the settings table, the standards' thresholds listed under it.
struct TuneHTMLRenderer {
    /// The page.
    func render(_ report: TuneReport) -> String {
        var page = HTMLPage()
        page.element("h1", "Tuning \(report.policy.reference): \(report.variedText)")
        page.element(
            "p",
            "Generated \(ReportTimestamp.string(from: report.generatedAt)) by pwaudit \(report.pwauditVersion) from "
                + "\(report.run.displayName)'s stored tuning summary (\(report.run.sourceFileName)).",
            className: "meta")
        let lines = report.summaryLines
        page.element("p", lines[0], className: "headline")
        for line in lines.dropFirst() { page.element("p", line) }
        let numeric = report.settings.allSatisfy { $0.numbers.allSatisfy { $0 != nil } }
        let charts: String
        if report.isGrid {
            charts = TuneChart.Width.allCases.map { TuneChart.heatMap(report, id: "tune-chart", width: $0) }.joined()
        } else if numeric {
            charts = TuneChart.Width.allCases.map { TuneChart.curve(report, id: "tune-chart", width: $0) }.joined()
        } else {
            charts = TuneChart.Width.allCases.map { TuneChart.bars(report, id: "tune-chart", width: $0) }.joined()
        }
        page.raw(
            "<figure class=\"tune-figure\">\n<div class=\"chart-box\">\(charts)</div>\n<div class=\"tune-scroll\">\n")
        page.table(
            caption: "Unlock share per setting (change against \(report.policy.reference) as stored)",
            headers: report.headers, numeric: report.numericColumns, rows: report.rows)
        page.raw("</div>\n</figure>\n")
        if !report.marks.isEmpty {
            page.element("h2", "Standards' minimum lengths")
            page.raw("<ul class=\"tune-legend\">\n")
            for mark in report.marks.sorted(by: { ($0.value, $0.label) < ($1.value, $1.label) }) {
                page.element(
                    "li", "\(mark.value): \(TuneChart.shortName(mark.label)) — \(mark.label), clause \(mark.clause)")
            }
            page.raw("</ul>\n")
        }
        return page.document(title: "pwaudit tuning report", extraCSS: TuneChart.css)
    }
}
