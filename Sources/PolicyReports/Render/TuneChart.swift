import Foundation

/// The `tune` report's inline SVG charts (no script): the unlock curve of a numeric sweep, with the stored version's
/// point and the standards' thresholds marked and labelled, and the heat map of a grid. Each is drawn twice, for a
/// wide and a narrow page (the CSS shows one), so that its text keeps its size instead of being scaled down.
enum TuneChart {
    /// A chart's drawing width: wide pages, and pages of at most 600 px.
    enum Width: Int, CaseIterable {
        case wide = 720
        case narrow = 340

        var className: String { self == .wide ? "tune-wide" : "tune-narrow" }
    }

    /// Short names of the standards on the marks' labels (the legend under the chart gives their ids).
    static func shortName(_ id: String) -> String {
        let names = [
            "nist-800-63b-4": "NIST r4", "nist-800-63b-3": "NIST r3", "owasp-asvs-5.0": "ASVS 5",
            "owasp-asvs-4.0.3": "ASVS 4", "pci-dss-4.0.1": "PCI", "cis-password-2021": "CIS",
            "microsoft-2024": "Microsoft", "ncsc": "NCSC", "bsi-orp4": "BSI",
        ]
        return names[id] ?? id
    }

    /// Estimated width of `text` at the charts' 12 px (7 px a character, as `LabelLayout`).
    private static func textWidth(_ text: String) -> Int { text.count * LabelLayout.characterWidth }

    /// The unlock share against the varied value for a one-key numeric sweep: a line through every setting, the
    /// stored setting ringed and labelled, each standard's threshold within the range a dashed line labelled with the
    /// value and the standards asking for it (one row per threshold above the plot).
    static func curve(_ report: TuneReport, id: String, width: Width) -> String {
        let points = report.settings.compactMap { setting in setting.numbers[0].map { (x: $0, setting: setting) } }
        guard let low = points.map(\.x).min(), let high = points.map(\.x).max() else { return "" }
        let groups = report.markGroups.filter { (low...high).contains($0.value) }
        let chartWidth = width.rawValue
        let left = 46
        let right = chartWidth - 18
        let top = 16 + groups.count * 16
        let bottom = top + (width == .wide ? 210 : 170)
        let height = bottom + 46
        let largest = points.map { report.share($0.setting).fraction }.max() ?? 0
        let yMax = Swift.max(0.1, (largest * 10).rounded(.up) / 10)
        let span = Swift.max(high - low, 1)
        let xOf = { (value: Int) -> Int in left + 8 + (value - low) * (right - left - 16) / span }
        let yOf = { (fraction: Double) -> Int in bottom - Int((fraction / yMax * Double(bottom - top)).rounded()) }
        var body = ""
        // Horizontal grid and the y axis's labels: 0, half and the top of the scale.
        for step in 0...4 {
            let fraction = yMax * Double(step) / 4
            let y = yOf(fraction)
            body += #"<line class="grid" x1="\#(left)" y1="\#(y)" x2="\#(right)" y2="\#(y)"/>"#
            let tenths = Int((fraction * 1000).rounded())
            body += #"<text class="label" x="\#(left - 6)" y="\#(y + 4)" text-anchor="end">"#
            body += "\(tenths / 10)\(tenths % 10 == 0 ? "" : ".\(tenths % 10)")%</text>"
        }
        body += #"<line class="axis" x1="\#(left)" y1="\#(bottom)" x2="\#(right)" y2="\#(bottom)"/>"#
        // The x axis's labels: every value when they fit, else every k-th (and the last).
        let slot = Swift.max(1, (right - left - 16) / Swift.max(points.count - 1, 1))
        let labelEvery = Swift.max(1, (textWidth(String(high)) + 8 + slot - 1) / slot)
        for (index, point) in points.enumerated() where index % labelEvery == 0 || index == points.count - 1 {
            if index == points.count - 1, index % labelEvery != 0, index % labelEvery < (labelEvery + 1) / 2 {
                continue  // too close to the last labelled one
            }
            body += #"<text class="label" x="\#(xOf(point.x))" y="\#(bottom + 16)" text-anchor="middle">"#
            body += "\(point.x)</text>"
        }
        body += #"<text class="axis-title" x="\#((left + right) / 2)" y="\#(bottom + 36)" text-anchor="middle">"#
        body +=
            "\(esc(report.keys[0])) (share of \(esc(ReportNumber.grouped(report.total))) candidates unlocked)</text>"
        // The standards' thresholds, each on its own row above the plot.
        for (row, group) in groups.enumerated() {
            let x = xOf(group.value)
            let labelY = 12 + row * 16
            let text =
                "\(group.value): "
                + group.labels.split(separator: ",").map {
                    shortName($0.trimmingCharacters(in: .whitespaces))
                }.joined(separator: ", ")
            let fitsRight = x + 4 + textWidth(text) <= chartWidth - 2
            body += #"<line class="standard" x1="\#(x)" y1="\#(labelY + 4)" x2="\#(x)" y2="\#(bottom)"/>"#
            body += #"<text class="standard-label halo" x="\#(fitsRight ? x + 4 : x - 4)" y="\#(labelY)" "#
            body += #"text-anchor="\#(fitsRight ? "start" : "end")">\#(esc(text))</text>"#
        }
        // The curve, its points, and the stored one.
        let coordinates = points.map { "\(xOf($0.x)),\(yOf(report.share($0.setting).fraction))" }
        body += #"<polyline class="line" points="\#(coordinates.joined(separator: " "))"/>"#
        for point in points {
            let (x, y) = (xOf(point.x), yOf(report.share(point.setting).fraction))
            body += #"<circle class="point" cx="\#(x)" cy="\#(y)" r="3.5"><title>"#
            body +=
                "\(esc(report.keys[0])) \(point.x): \(esc(report.share(point.setting).description))</title></circle>"
        }
        if let stored = points.first(where: { $0.setting.isStored }) {
            let (x, y) = (xOf(stored.x), yOf(report.share(stored.setting).fraction))
            let text = "as stored: \(report.share(stored.setting))"
            let anchorRight = x + 8 + textWidth(text) <= right
            body += #"<circle class="stored" cx="\#(x)" cy="\#(y)" r="7"/>"#
            body +=
                #"<text class="value halo" x="\#(anchorRight ? x + 10 : x - 10)" y="\#(Swift.max(y - 10, top + 10))" "#
            body += #"text-anchor="\#(anchorRight ? "start" : "end")">\#(esc(text))</text>"#
        }
        let title = "Unlock share of \(report.policy.reference) by \(report.keys[0])"
        let description =
            "Share of the run's candidates each \(report.keys[0]) from \(low) to \(high) would unlock"
            + (report.settings.contains(where: \.isStored) ? ", the stored setting ringed" : "")
            + (groups.isEmpty ? "" : ", standards' thresholds dashed")
        return svg(id: id, width: width, height: height, title: title, description: description, body: body)
    }

    /// The grid's heat map: the key with more values down, the other across, each cell shaded by its unlock share and
    /// labelled with it when it fits; the stored cell outlined.
    static func heatMap(_ report: TuneReport, id: String, width: Width) -> String {
        let firstValues = unique(report.settings.map { $0.values[0] })
        let secondValues = unique(report.settings.map { $0.values[1] })
        let transposed = secondValues.count > firstValues.count
        let (rowValues, columnValues) = transposed ? (secondValues, firstValues) : (firstValues, secondValues)
        let (rowKey, columnKey) = transposed ? (report.keys[1], report.keys[0]) : (report.keys[0], report.keys[1])
        let labelWidth = Swift.min((rowValues.map { textWidth($0) }.max() ?? 0) + 12, width.rawValue / 3)
        let left = labelWidth
        let right = width.rawValue - 8
        let top = 44
        let cellWidth = Swift.max((right - left) / Swift.max(columnValues.count, 1), 1)
        let cellHeight = 22
        let bottom = top + rowValues.count * cellHeight
        let largest = report.settings.map { report.share($0).fraction }.max() ?? 0
        let labelled = cellWidth >= textWidth("100.0%") + 4
        let titles = ReportText.truncated("\(rowKey) ↓ down, \(columnKey) → across", to: (width.rawValue - 4) / 7)
        var body = #"<text class="axis-title" x="2" y="14">\#(esc(titles))</text>"#
        let columnLabelEvery = Swift.max(
            1, ((columnValues.map { textWidth($0) }.max() ?? 0) + 6 + cellWidth - 1) / cellWidth)
        for (column, value) in columnValues.enumerated() where column % columnLabelEvery == 0 {
            let x = left + column * cellWidth + cellWidth / 2
            body += #"<text class="label" x="\#(x)" y="\#(top - 6)" text-anchor="middle">"#
            body += "\(esc(ReportText.truncated(value, to: Swift.max(cellWidth * columnLabelEvery / 7, 3))))</text>"
        }
        for (row, value) in rowValues.enumerated() {
            let y = top + row * cellHeight
            body += #"<text class="label" x="\#(left - 6)" y="\#(y + 15)" text-anchor="end">"#
            body += "\(esc(ReportText.truncated(value, to: Swift.max((labelWidth - 12) / 7, 3))))</text>"
        }
        for setting in report.settings {
            let (rowValue, columnValue) =
                transposed
                ? (setting.values[1], setting.values[0]) : (setting.values[0], setting.values[1])
            guard let row = rowValues.firstIndex(of: rowValue), let column = columnValues.firstIndex(of: columnValue)
            else { continue }
            let (x, y) = (left + column * cellWidth, top + row * cellHeight)
            let fraction = report.share(setting).fraction
            let level = largest > 0 ? fraction / largest : 0
            let shade = Int((level * 8).rounded())
            body += #"<rect class="heat heat-\#(shade)\#(setting.isStored ? " stored-cell" : "")" x="\#(x)" "#
            body += #"y="\#(y)" width="\#(cellWidth - 1)" height="\#(cellHeight - 1)"><title>"#
            body += "\(esc(report.keys[0])) \(esc(setting.values[0])), \(esc(report.keys[1])) "
            body += "\(esc(setting.values[1])): \(esc(report.share(setting).description))</title></rect>"
            if labelled {
                body += #"<text class="heat-value\#(shade >= 5 ? " dark" : "")" x="\#(x + cellWidth / 2)" "#
                body += #"y="\#(y + 15)" text-anchor="middle">\#(esc(report.share(setting).description))</text>"#
            }
        }
        let note =
            labelled
            ? "darker: more unlocked; outlined: as stored"
            : "darker: more unlocked; outlined: as stored; shares in the table"
        body += #"<text class="label" x="\#(left)" y="\#(bottom + 18)">\#(esc(note))</text>"#
        let title = "Unlock share of \(report.policy.reference) by \(report.keys[0]) and \(report.keys[1])"
        let description =
            "Heat map of the share of the run's candidates each setting would unlock, \(rowKey) down and \(columnKey) "
            + "across"
        return svg(id: id, width: width, height: bottom + 30, title: title, description: description, body: body)
    }

    /// One bar per setting of a sweep whose values are no numbers (`require`, `drop`): its value above, the bar of
    /// its unlock share (0-100%) below with the figure after it; the stored setting says so.
    static func bars(_ report: TuneReport, id: String, width: Width) -> String {
        let rowHeight = 40
        let left = 4
        let valueWidth = textWidth("00,000,000 (100.0%)")
        let barWidth = width.rawValue - left - valueWidth - 12
        var body = ""
        for (index, setting) in report.settings.enumerated() {
            let y = 6 + index * rowHeight
            let label = setting.values[0] + (setting.isStored ? " (as stored)" : "")
            let share = report.share(setting)
            let length = Int((share.fraction * Double(barWidth)).rounded())
            body += #"<text class="label" x="\#(left)" y="\#(y + 12)">"#
            body += "\(esc(ReportText.truncated(label, to: (width.rawValue - 8) / 7)))</text>"
            body += #"<rect class="track" x="\#(left)" y="\#(y + 17)" width="\#(barWidth)" height="16"/>"#
            body += #"<rect class="bar" x="\#(left)" y="\#(y + 17)" width="\#(length)" height="16"/>"#
            body += #"<text class="value" x="\#(left + barWidth + 6)" y="\#(y + 30)">"#
            body += "\(esc(ReportNumber.grouped(setting.unlocked))) (\(share))</text>"
        }
        let title = "Unlock share of \(report.policy.reference) by \(report.keys[0])"
        return svg(
            id: id, width: width, height: report.settings.count * rowHeight + 12, title: title,
            description: "Share of the run's candidates each setting would unlock", body: body)
    }

    private static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    private static func svg(id: String, width: Width, height: Int, title: String, description: String, body: String)
        -> String
    {
        #"<svg id="\#(id)-\#(width.className)" class="chart \#(width.className)" role="img" "#
            + #"aria-label="\#(esc(title))" aria-describedby="\#(id)-\#(width.className)-desc" "#
            + #"viewBox="0 0 \#(width.rawValue) \#(height)" width="\#(width.rawValue)" height="\#(height)" "#
            + #"preserveAspectRatio="xMinYMin meet"><title>\#(esc(title))</title>"#
            + #"<desc id="\#(id)-\#(width.className)-desc">\#(esc(description))</desc>\#(body)</svg>"#
    }

    private static func esc(_ text: String) -> String { ReportText.html(text) }

    /// The charts' own styles: the marks, the shades, and which drawing shows at which page width. The narrow drawing
    /// is made for narrow pages: it is scaled to the page, not held to the wide charts' `min-width` (which scrolled
    /// it inside its box, its labels cut at 400 px).
    static let css = """
        svg .standard { stroke: #b3261e; stroke-width: 1.5; stroke-dasharray: 5 4; }
        svg .standard-label { fill: #8c1d18; font-weight: 600; }
        svg .stored { fill: none; stroke: #b3261e; stroke-width: 2.5; }
        svg .axis-title { fill: #4a5360; }
        svg .heat { stroke: #fff; stroke-width: 1; }
        svg .heat-0 { fill: #f1f5fb; } svg .heat-1 { fill: #dce7f5; } svg .heat-2 { fill: #c4d7ee; }
        svg .heat-3 { fill: #a9c4e5; } svg .heat-4 { fill: #89acd9; } svg .heat-5 { fill: #6591c9; }
        svg .heat-6 { fill: #4677b6; } svg .heat-7 { fill: #2f5f9e; } svg .heat-8 { fill: #1f4780; }
        svg .stored-cell { stroke: #b3261e; stroke-width: 3; }
        svg .heat-value { font-size: 12px; fill: #1b1f24; }
        .tune-figure .chart-box { flex: 0 0 100%; max-width: 720px; }
        svg .heat-value.dark { fill: #fff; }
        svg.tune-narrow { display: none; }
        .tune-scroll { max-width: 100%; overflow-x: auto; }
        .tune-scroll th, .tune-scroll td { overflow-wrap: normal; white-space: nowrap; }
        .tune-legend { font-size: .9em; color: #4a5360; margin: .2em 0 1em; padding-left: 1.2em; }
        @media (max-width: 600px) {
          svg.tune-wide { display: none; }
          svg.tune-narrow { display: block; min-width: 0; }
        }
        @media print {
          svg .standard { stroke: #000; }
          svg .heat-value.dark { fill: #fff; }
        }

        """
}
