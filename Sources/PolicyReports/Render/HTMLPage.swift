/// The skeleton of the self-contained HTML report: inline CSS (screen and print), tables, chart figures.
///
/// A Content-Security-Policy forbids every external load and every script; all text is escaped by callers
/// through the helpers here.
package struct HTMLPage {
    package private(set) var body = ""
    private var chartCount = 0

    /// An empty page.
    package init() {}

    /// Appends raw, already-safe HTML.
    package mutating func raw(_ html: String) { body += html }

    /// Appends an element with escaped text: `<h2>text</h2>`.
    package mutating func element(_ tag: String, _ text: String, className: String? = nil) {
        let attribute = className.map { #" class="\#($0)""# } ?? ""
        body += "<\(tag)\(attribute)>\(ReportText.html(text))</\(tag)>\n"
    }

    /// Appends a data table in a box of its own that scrolls sideways when the table is wider than the page (a
    /// narrow screen), so that the page itself never does; cells are escaped, columns in `numeric` right-aligned with
    /// tabular figures.
    package mutating func table(caption: String, headers: [String], numeric: Set<Int> = [], rows: [[String]]) {
        body += Self.table(caption: caption, headers: headers, numeric: numeric, rows: rows)
    }

    /// Appends a figure: a chart made by `chart` (given a unique id) beside its data table.
    package mutating func figure(
        _ chart: (String) -> String, caption: String, headers: [String], numeric: Set<Int>,
        rows: [[String]]
    ) {
        chartCount += 1
        body += "<figure>\n<div class=\"chart-box\">\(chart("chart-\(chartCount)"))</div>\n"
        body += Self.table(caption: caption, headers: headers, numeric: numeric, rows: rows)
        body += "</figure>\n"
    }

    /// The complete document; `extraCSS` is appended to the shared style sheet (a report's own components).
    func document(title: String, extraCSS: String = "") -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
        <title>\(ReportText.html(title))</title>
        <style>\(Self.css)\(extraCSS)</style>
        </head>
        <body>
        <main>
        \(body)</main>
        </body>
        </html>

        """
    }

    private static func table(caption: String, headers: [String], numeric: Set<Int>, rows: [[String]]) -> String {
        func cell(_ tag: String, _ index: Int, _ text: String) -> String {
            let attribute = numeric.contains(index) ? #" class="num""# : ""
            return "<\(tag)\(attribute)>\(ReportText.html(text))</\(tag)>"
        }
        var html = "<div class=\"table-box\">\n<table>\n<caption>\(ReportText.html(caption))</caption>\n"
        // A key–value table (provenance) has no column headings: no empty heading row.
        if headers.contains(where: { !$0.isEmpty }) {
            html += "<thead><tr>" + headers.enumerated().map { cell("th", $0.offset, $0.element) }.joined()
            html += "</tr></thead>\n"
        }
        html += "<tbody>\n"
        for row in rows {
            html += "<tr>" + row.enumerated().map { cell("td", $0.offset, $0.element) }.joined() + "</tr>\n"
        }
        if rows.isEmpty { html += "<tr><td colspan=\"\(headers.count)\">None</td></tr>\n" }
        return html + "</tbody>\n</table>\n</div>\n"
    }

    private static let css = """

        :root { color-scheme: light; }
        body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1b1f24; margin: 0;
          background: #f6f7f9; }
        main { max-width: 1180px; margin: 0 auto; padding: 24px 32px 48px; background: #fff; }
        h1 { font-size: 1.6em; margin: 0 0 .3em; }
        h2 { font-size: 1.25em; margin: 1.8em 0 .4em; padding-top: .6em; border-top: 2px solid #d8dde3; }
        h3 { font-size: 1.05em; margin: 1.2em 0 .4em; }
        .headline { font-size: 1.2em; font-weight: 600; margin: .3em 0; }
        .meta { color: #4a5360; font-size: .9em; }
        .meta code, code { font-size: .9em; word-break: break-all; }
        table { border-collapse: collapse; margin: .4em 0 1em; font-size: .92em; }
        caption { text-align: left; font-weight: 600; padding-bottom: .3em; }
        th, td { border-bottom: 1px solid #d8dde3; padding: 4px 10px; text-align: left; vertical-align: top; }
        th { background: #eef1f4; }
        h1, h2, h3, p, li, caption, th, td { overflow-wrap: anywhere; }
        .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        figure { margin: 1em 0 1.5em; display: flex; flex-wrap: wrap; gap: 8px 28px; align-items: flex-start; }
        .table-box { max-width: 100%; overflow-x: auto; }
        figure > .table-box { flex: 1 1 300px; min-width: 0; }
        .chart-box { flex: 1 1 620px; max-width: 720px; min-width: 0; overflow-x: auto; }
        svg.chart { display: block; width: 100%; min-width: 620px; height: auto; }
        svg text { font: 12px system-ui, sans-serif; fill: #1b1f24; }
        svg .value { font-weight: 600; }
        svg .track { fill: #eef1f4; }
        svg .bar { fill: #2f6db5; }
        svg .axis { stroke: #4a5360; stroke-width: 1; }
        svg .grid { stroke: #d8dde3; stroke-width: 1; }
        svg .line { fill: none; stroke: #2f6db5; stroke-width: 2.5; }
        svg .point { fill: #fff; stroke: #1b1f24; stroke-width: 2; }
        svg .halo { paint-order: stroke; stroke: #fff; stroke-width: 3px; stroke-linejoin: round; }
        svg .mark { stroke: #b3261e; stroke-width: 1.5; stroke-dasharray: 5 3; }
        svg .mark-label { fill: #b3261e; font-weight: 600; }
        svg .gap { stroke: #8a8f96; stroke-width: 2; }
        @media (max-width: 640px) {
          main { padding: 12px 12px 32px; }
          th, td { padding: 4px 6px; }
        }
        @media print {
          @page { margin: 14mm; }
          details::details-content { content-visibility: visible; display: block; }
          details > summary { list-style: none; }
          .table-box, .chart-box { overflow: visible; }
          svg.chart { min-width: 0; }
          body { background: #fff; font-size: 11pt; }
          main { max-width: none; padding: 0; }
          h2 { break-before: auto; break-after: avoid; }
          figure, tr { break-inside: avoid; }
          th, td { overflow-wrap: break-word; }
          svg .bar { fill: #8a8f96; stroke: #000; stroke-width: .6; }
          svg .track { fill: #fff; stroke: #8a8f96; stroke-width: .4; }
          svg .line { stroke: #000; }
          svg .mark { stroke: #000; }
          svg .mark-label { fill: #000; }
          th { background: #fff; border-bottom: 1.5px solid #000; }
        }

        """
}
