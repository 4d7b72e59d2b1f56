import Foundation
import Testing

@testable import PolicyAudit
@testable import PolicyReports

/// Issue 10, defect 14: the history chart's figures never cover a marker or each other, and empty buckets say
/// "no data" once per run of them, not once per bucket ("no datano data").
@Suite("history trend chart layout")
struct TrendChartLayoutTests {
    struct Circle {
        var x: Int
        var y: Int
        var r: Int
    }

    struct Figure {
        var x: Int
        var y: Int
        var text: String
    }

    static func matches(_ pattern: String, in svg: String) throws -> [[String]] {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { match in
            (1..<match.numberOfRanges).map { String(svg[Range(match.range(at: $0), in: svg)!]) }
        }
    }

    static func circles(_ svg: String) throws -> [Circle] {
        try matches(#"<circle class="point" cx="(\d+)" cy="(\d+)" r="(\d+)"/>"#, in: svg).map {
            Circle(x: Int($0[0])!, y: Int($0[1])!, r: Int($0[2])!)
        }
    }

    static func figures(_ svg: String) throws -> [Figure] {
        try matches(#"<text class="value[^"]*" x="(\d+)" y="(\d+)" text-anchor="middle">([^<]*)</text>"#, in: svg).map {
            Figure(x: Int($0[0])!, y: Int($0[1])!, text: $0[2])
        }
    }

    /// The figure's box as the layout estimates it.
    static func box(_ figure: Figure) -> LabelLayout.Box {
        LabelLayout.box(of: figure.text, centeredAt: figure.x, baseline: figure.y)
    }

    /// A zigzag of rates: neighbours a few pixels above or below each other, as real weekly data looks.
    static func zigzag(_ count: Int, empty: Set<Int> = []) -> [SVGChart.Bar] {
        (0..<count).map { index in
            let rate = [40, 47, 43, 52, 38, 45][index % 6]
            return SVGChart.Bar(
                label: "W\(index)", count: empty.contains(index) ? 0 : rate, total: empty.contains(index) ? 0 : 100)
        }
    }

    @Test("no figure covers a marker or another figure", arguments: [5, 12, 13, 30, 60, 200])
    func figuresClearMarkers(count: Int) throws {
        let svg = SVGChart.trendLine(id: "c", title: "t", description: "d", points: Self.zigzag(count))
        let circles = try Self.circles(svg)
        let figures = try Self.figures(svg)
        #expect(circles.count == count)
        #expect(!figures.isEmpty)
        for figure in figures {
            let box = Self.box(figure)
            for circle in circles {
                let marker = LabelLayout.Box(
                    x: circle.x - circle.r - 1, y: circle.y - circle.r - 1, width: 2 * circle.r + 2)
                #expect(
                    !box.intersects(marker),
                    "\(figure.text) at \(figure.x),\(figure.y) covers the marker at \(circle.x),\(circle.y)")
            }
        }
        for (a, b) in zip(figures.indices, figures.indices.dropFirst()) {
            #expect(!Self.box(figures[a]).intersects(Self.box(figures[b])), "\(figures[a]) overlaps \(figures[b])")
        }
    }

    @Test("consecutive empty buckets are labelled 'no data' once, and each run of them once")
    func noDataOncePerRun() throws {
        let svg = SVGChart.trendLine(
            id: "c", title: "t", description: "d", points: Self.zigzag(10, empty: [3, 4, 5, 8]))
        let noData = try Self.figures(svg).filter { $0.text == "no data" }
        #expect(noData.count == 2)
        // The text a screen reader, a text browser or a copy sees: every text node, titles included.
        let text = svg.replacingOccurrences(of: #"<[^>]+>"#, with: "", options: .regularExpression)
        #expect(!text.contains("no datano data"))
        #expect(!text.contains("datano") && !text.contains("data no data"), "\(text)")
        #expect(try Self.circles(svg).count == 6)
    }

    @Test("the layout keeps the first figure and refuses one that would overlap it")
    func layoutRefusesOverlap() {
        var layout = LabelLayout(top: 0, bottom: 100)
        #expect(layout.place(text: "50.0%", centeredAt: 50, baselines: [40]) == 40)
        #expect(layout.place(text: "51.0%", centeredAt: 60, baselines: [40]) == nil)
        #expect(layout.place(text: "51.0%", centeredAt: 60, baselines: [40, 70]) == 70)
    }
}
