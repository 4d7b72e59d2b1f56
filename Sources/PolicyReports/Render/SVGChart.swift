/// Inline SVG charts for the HTML report: no scripts, no external assets, every mark labelled with its figure.
///
/// Each chart is an `<svg role="img">` with an `aria-label`, a `<title>` and a `<desc>`; its figures are written
/// on the marks (not carried by colour alone) and repeated in a data table beside the chart.
package enum SVGChart {
    /// One labelled bar: `label`, and `count` shown with its share of `total`.
    package struct Bar {
        var label: String
        var count: Int
        var total: Int

        /// A bar of `count` out of `total`.
        package init(label: String, count: Int, total: Int) {
            self.label = label
            self.count = count
            self.total = total
        }

        var valueText: String { "\(ReportNumber.grouped(count)) (\(Percentage(count, of: total)))" }
    }

    /// Horizontal bars scaled to each bar's share of its total (0–100%): the label above its bar, the figure right of
    /// it, so that a long label has the chart's whole width and is never cut at its left edge.
    package static func horizontalBars(id: String, title: String, description: String, bars: [Bar]) -> String {
        let rowHeight = 40
        let left = 8
        let barWidth = 520
        let height = max(bars.count, 1) * rowHeight + 8
        var body = ""
        for (index, bar) in bars.enumerated() {
            let y = 4 + index * rowHeight
            let width = Int((Percentage(bar.count, of: bar.total).fraction * Double(barWidth)).rounded())
            body += "<g>"
            body += #"<text class="label" x="\#(left)" y="\#(y + 12)">"#
            body += "\(esc(fitted(bar.label, width: 720 - 2 * left)))</text>"
            body += #"<rect class="track" x="\#(left)" y="\#(y + 17)" width="\#(barWidth)" height="16"/>"#
            body += #"<rect class="bar" x="\#(left)" y="\#(y + 17)" width="\#(width)" height="16"/>"#
            body += #"<text class="value" x="\#(left + barWidth + 8)" y="\#(y + 30)">"#
            body += "\(esc(bar.valueText))</text></g>"
        }
        if bars.isEmpty { body += #"<text class="label" x="8" y="20">No data</text>"# }
        return svg(id: id, title: title, description: description, width: 720, height: height, body: body)
    }

    /// The estimated width of `text` drawn in the charts' 12 px type: 7 px a character, 12 px for the wide ones
    /// (CJK, Hangul, emoji), which errs on the generous side.
    static func estimatedWidth(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in width + (scalar.value >= 0x1100 ? 12 : 7) }
    }

    /// `text` cut with `…` to fit `width` (estimated), whole when it fits; the full text stays in the table beside.
    static func fitted(_ text: String, width: Int) -> String {
        guard estimatedWidth(text) > width else { return text }
        var kept = ""
        for character in text {
            guard estimatedWidth(kept + String(character)) + estimatedWidth("…") <= width else { break }
            kept.append(character)
        }
        return kept + "…"
    }

    /// A line of percentages per point, each point marked; the y axis runs from 0 to 10, 25, 50 or 100%, whichever
    /// first holds every point.
    ///
    /// The line and markers are drawn first and the figures on top (with a white halo), placed by `LabelLayout`:
    /// above or below their point, never over a marker or another figure; a figure that fits nowhere is left out
    /// (every point still carries it in its `<title>`, and the table beside the chart has them all). A run of buckets
    /// without candidates breaks the line, is ticked on the axis and labelled "no data" once. Marks and figures are
    /// separate elements on their own lines, so the text a reader or a copy extracts never runs together.
    ///
    /// `scale` (a fraction, from ``trendScale(for:)``) is given when several charts are compared, so that they share
    /// one y axis. Each of `marks` is a dashed vertical line at its point with its label at the top (a policy change
    /// of an in-force history), placed before the figures so that none covers it.
    static func trendLine(
        id: String, title: String, description: String, points: [Bar], scale: Double? = nil,
        marks: [(index: Int, label: String)] = []
    ) -> String {
        let top = 24
        let bottom = 204
        let left = 56
        let width = 640
        let scale = scale ?? trendScale(for: points)
        var body = ""
        for step in 0...4 {
            let y = bottom - (bottom - top) * step / 4
            let tick = Double(step) / 4 * scale * 100
            let text = tick == tick.rounded() ? String(Int(tick)) : String(format: "%.1f", tick)
            body += #"<line class="grid" x1="\#(left)" y1="\#(y)" x2="\#(left + width)" y2="\#(y)"/>"#
            body += #"<text class="label" x="\#(left - 6)" y="\#(y + 4)" text-anchor="end">\#(text)%</text>"#
        }
        let step = points.count > 1 ? Double(width - 40) / Double(points.count - 1) : 0
        let labelEvery = max(1, (points.count + 11) / 12)
        let radius = points.count <= 1 || step >= 14 ? 4 : 2
        let coordinates = points.enumerated().map { index, point -> (x: Int, y: Int) in
            let x = points.count > 1 ? left + 20 + Int((Double(index) * step).rounded()) : left + width / 2
            let fraction = min(Percentage(point.count, of: point.total).fraction / scale, 1)
            return (x, bottom - Int((fraction * Double(bottom - top)).rounded()))
        }
        // A bucket without candidates has no rate: no point is drawn and the line breaks around it.
        var segment: [String] = []
        for index in 0...points.count {
            if index < points.count, points[index].total > 0 {
                segment.append("\(coordinates[index].x),\(coordinates[index].y)")
                continue
            }
            if segment.count > 1 { body += #"<polyline class="line" points="\#(segment.joined(separator: " "))"/>"# }
            segment = []
        }
        var layout = LabelLayout(top: top - 14, bottom: bottom + 4)
        for mark in marks where points.indices.contains(mark.index) {
            let x = coordinates[mark.index].x
            body += #"<line class="mark" x1="\#(x)" y1="\#(top - 10)" x2="\#(x)" y2="\#(bottom)"/>"#
            let text = fitted(mark.label, width: 160)
            let textWidth = estimatedWidth(text)
            // Right of the line when it fits in the chart, else left of it.
            let start = x + 4 + textWidth <= left + width ? x + 4 : x - 4 - textWidth
            body += #"<text class="mark-label halo" x="\#(start)" y="\#(top - 12 + 10)">\#(esc(text))</text>"#
            layout.occupy(LabelLayout.Box(x: start, y: top - 12, width: textWidth, height: 13))
        }
        for (index, point) in points.enumerated() {
            let (x, y) = coordinates[index]
            body += "<g>"
            if point.total > 0 {
                let rate = "\(Percentage(point.count, of: point.total))"
                body += "<title>\(esc(point.label)): \(rate) (\(esc(point.valueText)))</title>"
                body += #"<circle class="point" cx="\#(x)" cy="\#(y)" r="\#(radius)"/>"#
                layout.occupy(LabelLayout.Box(x: x - radius - 1, y: y - radius - 1, width: 2 * radius + 2))
            } else {
                body += "<title>\(esc(point.label)): no data</title>"
                body += #"<line class="gap" x1="\#(x)" y1="\#(bottom - 6)" x2="\#(x)" y2="\#(bottom)"/>"#
            }
            if index % labelEvery == 0 {
                body += #"<text class="label" x="\#(x)" y="\#(bottom + 18)" text-anchor="middle">"#
                body += "\(esc(ReportText.truncated(point.label, to: 14)))</text>"
            }
            body += "</g>\n"
        }
        // Figures: every n-th point and the last, then one "no data" per run of empty buckets.
        var figures: [(x: Int, anchors: [Int], text: String)] = []
        for index in points.indices where points[index].total > 0 {
            guard index % labelEvery == 0 || index == points.count - 1 else { continue }
            let (x, y) = coordinates[index]
            let rate = "\(Percentage(points[index].count, of: points[index].total))"
            figures.append((x, [y - radius - 4, y + radius + 14], rate))
        }
        var index = 0
        while index < points.count {
            guard points[index].total == 0 else {
                index += 1
                continue
            }
            let first = index
            while index < points.count, points[index].total == 0 { index += 1 }
            let x = (coordinates[first].x + coordinates[index - 1].x) / 2
            figures.append((x, [bottom - 10, (top + bottom) / 2], "no data"))
        }
        for figure in figures {
            guard let baseline = layout.place(text: figure.text, centeredAt: figure.x, baselines: figure.anchors)
            else { continue }
            body += #"<text class="value halo" x="\#(figure.x)" y="\#(baseline)" text-anchor="middle">"#
            body += "\(esc(figure.text))</text>\n"
        }
        if points.isEmpty { body += #"<text class="label" x="\#(left + 8)" y="\#(top + 20)">No data</text>"# }
        return svg(id: id, title: title, description: description, width: 720, height: 236, body: body)
    }

    /// The y axis's top for `points`' rates: 10, 25, 50 or 100%, whichever first holds every point.
    static func trendScale(for points: [Bar]) -> Double {
        let highest = points.filter { $0.total > 0 }.map { Percentage($0.count, of: $0.total).fraction }.max() ?? 0
        return [0.1, 0.25, 0.5, 1.0].first { highest <= $0 } ?? 1.0
    }

    static func svg(id: String, title: String, description: String, width: Int, height: Int, body: String)
        -> String
    {
        #"<svg id="\#(id)" class="chart" role="img" aria-label="\#(esc(title))" "#
            + #"aria-describedby="\#(id)-desc" viewBox="0 0 \#(width) \#(height)" "#
            + #"width="\#(width)" height="\#(height)" preserveAspectRatio="xMinYMin meet">"#
            + "<title>\(esc(title))</title><desc id=\"\(id)-desc\">\(esc(description))</desc>\(body)</svg>"
    }

    static func esc(_ text: String) -> String { ReportText.html(text) }
}
