extension SVGChart {
    /// A length limit to mark on the histogram: a dashed line where the allowed lengths start (`min`) or end (after
    /// `max`), labelled with the versions that have it.
    struct LengthMark: Equatable {
        /// The length at the line: lengths from it up pass a minimum, lengths below it pass a maximum.
        var boundary: Int
        /// `≥ 8: corp@1, corp@3`.
        var label: String
    }

    /// How many characters of length the axis shows; the open last bucket (`32+`) is drawn as `32–39`.
    static let lengthAxisEnd = 40

    /// The marks of `limits` (per version reference) within the axis: one per boundary, naming every version with it;
    /// and the sentences of the limits beyond it (`corp@2: at most 64`), for the caption.
    static func lengthMarks(_ limits: [(reference: String, limits: LengthLimits)]) -> (
        marks: [LengthMark], beyond: [String]
    ) {
        var byBoundary: [Int: [String]] = [:]
        var order: [Int] = []
        var beyond: [String] = []
        func add(_ boundary: Int, _ text: String, _ reference: String) {
            guard boundary < lengthAxisEnd else { return beyond.append("\(reference): \(text)") }
            if byBoundary[boundary] == nil { order.append(boundary) }
            byBoundary[boundary, default: []].append(text + " " + reference)
        }
        for (reference, limit) in limits {
            add(limit.min, "≥ \(limit.min)", reference)
            if let max = limit.max { add(max + 1, "≤ \(max)", reference) }
        }
        let marks = order.sorted().map {
            LengthMark(boundary: $0, label: byBoundary[$0, default: []].joined(separator: ", "))
        }
        return (marks, beyond)
    }

    /// The length histogram to scale: the x axis is length in characters (linear, 0 to 40), each bucket a bar as wide
    /// as the lengths it holds and as tall as its candidates per length, so that a bar's area is its count (written
    /// above it); `marks` are the policies' length limits, dashed lines labelled at the top.
    static func lengthHistogram(
        id: String, title: String, description: String, buckets: [LengthBucket], marks: [LengthMark]
    ) -> String {
        let left = 64
        let unit = 15  // px per character of length: 40 characters over 600 px
        let plotTop = 80  // below the limits' rows of labels (baselines 16–58), so the counts never meet them
        let plotBottom = 240
        func x(_ length: Int) -> Int { left + min(length, lengthAxisEnd) * unit }
        let spans = buckets.map { bucket in (bucket, min(bucket.upper.map { $0 + 1 } ?? lengthAxisEnd, lengthAxisEnd)) }
        let densities = spans.map { bucket, end in Double(bucket.count) / Double(max(end - bucket.lower, 1)) }
        let largest = max(densities.max() ?? 0, 1)
        var body = ""
        for step in 0...4 {
            let y = plotBottom - (plotBottom - plotTop) * step / 4
            let value = largest * Double(step) / 4
            body += #"<line class="grid" x1="\#(left)" y1="\#(y)" x2="\#(x(lengthAxisEnd))" y2="\#(y)"/>"#
            body += #"<text class="label" x="\#(left - 6)" y="\#(y + 4)" text-anchor="end">"#
            body += "\(ReportNumber.grouped(Int(value.rounded())))</text>"
        }
        var layout = LabelLayout(top: 4, bottom: plotBottom)
        for (index, (bucket, end)) in spans.enumerated() {
            let height = Int((densities[index] / largest * Double(plotBottom - plotTop)).rounded())
            let (from, to) = (x(bucket.lower), x(end))
            body += #"<g><rect class="bar" x="\#(from + 1)" y="\#(plotBottom - height)" "#
            body += #"width="\#(to - from - 2)" height="\#(height)"/></g>"#
            layout.occupy(LabelLayout.Box(x: from + 1, y: plotBottom - height, width: to - from - 2, height: height))
        }
        body += #"<line class="axis" x1="\#(left)" y1="\#(plotBottom)" x2="\#(x(lengthAxisEnd))" y2="\#(plotBottom)"/>"#
        for (bucket, _) in spans {
            body += #"<line class="axis" x1="\#(x(bucket.lower))" y1="\#(plotBottom)" x2="\#(x(bucket.lower))" "#
            body += #"y2="\#(plotBottom + 5)"/>"#
            body += #"<text class="label" x="\#(x(bucket.lower))" y="\#(plotBottom + 18)" text-anchor="middle">"#
            body += "\(bucket.lower)\(bucket.upper == nil ? "+" : "")</text>"
        }
        body += #"<text class="axis-title" x="\#(left + 300)" y="\#(plotBottom + 38)" text-anchor="middle">"#
        body += "Length (characters); bar area = candidates, height = candidates per length</text>"
        // Limits first, at the top, then the counts where they fit (above their bar, else higher).
        for mark in marks {
            let lineX = x(mark.boundary)
            let text = fitted(mark.label, width: 300)
            let width = estimatedWidth(text)
            // Right of its line when it fits in the chart, else left of it; the first free row from the plot up.
            let start = lineX + 4 + width <= 716 ? lineX + 4 : max(lineX - 4 - width, 4)
            guard let baseline = layout.place(text: text, centeredAt: start + width / 2, baselines: [58, 44, 30, 16])
            else { continue }
            body += #"<line class="mark" x1="\#(lineX)" y1="\#(baseline - 10)" x2="\#(lineX)" y2="\#(plotBottom)"/>"#
            body += #"<text class="mark-label halo" x="\#(start + width / 2)" y="\#(baseline)" text-anchor="middle">"#
            body += "\(esc(text))</text>"
        }
        for (index, (bucket, end)) in spans.enumerated() {
            let height = Int((densities[index] / largest * Double(plotBottom - plotTop)).rounded())
            let center = (x(bucket.lower) + x(end)) / 2
            let text = ReportNumber.grouped(bucket.count)
            let top = plotBottom - height
            guard let baseline = layout.place(text: text, centeredAt: center, baselines: [top - 4, top - 18, top + 14])
            else { continue }
            body +=
                #"<text class="value halo" x="\#(center)" y="\#(baseline)" text-anchor="middle">\#(esc(text))</text>"#
        }
        return svg(id: id, title: title, description: description, width: 720, height: 288, body: body)
    }
}
