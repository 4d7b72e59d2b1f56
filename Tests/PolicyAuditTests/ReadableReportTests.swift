import AuditRepositories
import Foundation
import PasswordPolicy
import PolicyCompliance
import PwauditTestSupport
import Testing

@testable import PolicyAudit
@testable import PolicyReports

/// Issue 25, item 6: HTML reports a person reads, on paper and at 400 px — print opens every `<details>`, tables
/// and charts scroll in their own box, chart text stays ≥ 10 px, the length histogram is to scale with the length
/// limits marked, the in-force history marks each policy change, compared series share one y scale.
@Suite("Reports a person reads")
struct ReadableReportTests {
    static func matches(_ pattern: String, in text: String) throws -> [[String]] {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    /// The `@media print { … }` block of a page's style sheet(s), joined.
    static func printCSS(_ html: String) throws -> String {
        try matches(#"@media print \{((?:[^{}]|\{[^{}]*\})*)\}"#, in: html).map { $0[0] }.joined(separator: "\n")
    }

    @Test("printed, every <details> is open and every compliance tile spans the page")
    func printOpensDetails() throws {
        let html = ComplianceHTMLRenderer().render(try ComplianceReportFixture.report)
        #expect(html.contains("<details"))
        let print = try Self.printCSS(html)
        #expect(print.contains("details::details-content { content-visibility: visible; display: block; }"))
        #expect(print.contains(".tile { flex-basis: 100%; }"))
        // On paper a clause id stays whole on its line and a row is never split over two pages.
        #expect(print.contains("th, td { overflow-wrap: break-word; }"))
        #expect(print.contains("figure, tr { break-inside: avoid; }"))
        // Every clause table is inside its tile's <details>, so opening them shows every row.
        let tiles = try Self.matches(
            #"<details class="tile[^"]*">((?:(?!</details>).)*)</details>"#,
            in: html.replacingOccurrences(of: "\n", with: " "))
        #expect(!tiles.isEmpty && tiles.allSatisfy { $0[0].contains("<table>") })
    }

    @Test("every table scrolls in a box of its own; a chart scrolls in its box before its text drops under 10 px")
    func narrowScreens() throws {
        let pages = [
            HTMLReportRenderer().render(ReportFixture.run), HTMLReportRenderer().render(ReportFixture.comparison),
            HTMLReportRenderer().render(ReportFixture.history),
            ComplianceHTMLRenderer().render(try ComplianceReportFixture.report),
        ]
        for html in pages {
            let tables = html.components(separatedBy: "<table>").count - 1
            #expect(tables > 0)
            #expect(html.components(separatedBy: "<div class=\"table-box\">\n<table>").count - 1 == tables)
            #expect(html.contains(".table-box { max-width: 100%; overflow-x: auto; }"))
            #expect(html.contains(".chart-box { flex: 1 1 620px; max-width: 720px; min-width: 0; overflow-x: auto; }"))
            let minimum = try #require(
                try Self.matches(#"svg\.chart \{[^}]*min-width: (\d+)px"#, in: html).first.flatMap { Int($0[0]) })
            let fontSizes = try Self.matches(#"svg text \{ font: (\d+)px"#, in: html).compactMap { Int($0[0]) }
            for viewBox in try Self.matches(#"viewBox="0 0 (\d+) \d+""#, in: html).compactMap({ Int($0[0]) }) {
                // The smallest a chart is drawn is min-width px for viewBox units: its 12 px text at that scale.
                #expect(Double(fontSizes.min() ?? 0) * Double(minimum) / Double(viewBox) >= 10)
            }
        }
    }

    @Test("bar labels stand above their bars at the chart's left edge and fit its width, cut only when too long")
    func barLabelsAreNeverCut() throws {
        let long = String(repeating: "Doesn't contain your username ", count: 4)
        let svg = SVGChart.horizontalBars(
            id: "c", title: "t", description: "d",
            bars: [.init(label: "A digit", count: 1, total: 2), .init(label: long, count: 1, total: 2)])
        let labels = try Self.matches(#"<text class="label" x="(\d+)" y="\d+">([^<]*)</text>"#, in: svg).map {
            [$0[0], $0[1].replacingOccurrences(of: "&#39;", with: "'")]
        }
        #expect(labels.map { $0[0] } == ["8", "8"])
        #expect(labels[0][1] == "A digit")
        #expect(labels[1][1].hasSuffix("…") && SVGChart.estimatedWidth(labels[1][1]) <= 704)
        #expect(long.hasPrefix(String(labels[1][1].dropLast())))
        #expect(SVGChart.fitted("Doesn't contain your username or email", width: 704).hasSuffix("email"))
    }

    /// The bars of a length histogram: x, width, height.
    static func bars(_ svg: String) throws -> [(x: Int, width: Int, height: Int)] {
        try matches(#"<rect class="bar" x="(\d+)" y="\d+" width="(\d+)" height="(\d+)"/>"#, in: svg).map {
            (Int($0[0]) ?? 0, Int($0[1]) ?? 0, Int($0[2]) ?? 0)
        }
    }

    @Test("the length histogram is to scale: each bar as wide as its lengths, its area its count")
    func histogramToScale() throws {
        // 0–4: 50, 5–7: 30, 8–11: 40, 12–14: 30, 15–19: 50, 20–31: 120, 32+: 8 — 10 a length but 32+ (1).
        let counts = [50, 30, 40, 30, 50, 120, 8]
        let buckets = zip(LengthBucket.boundaries, counts).map {
            LengthBucket(lower: $0.0.lower, upper: $0.0.upper, count: $0.1)
        }
        let svg = SVGChart.lengthHistogram(id: "c", title: "t", description: "d", buckets: buckets, marks: [])
        let bars = try Self.bars(svg)
        #expect(bars.count == 7)
        // 15 px a character of length (drawn 2 px narrower, a gap between bars): 5, 3, 4, 3, 5, 12 and 8 lengths.
        #expect(bars.map { ($0.width + 2) / 15 } == [5, 3, 4, 3, 5, 12, 8])
        #expect(zip(bars, bars.dropFirst()).allSatisfy { $0.x + $0.width + 2 == $1.x })
        let heights = bars.map(\.height)
        #expect(Set(heights.prefix(6)).count == 1, "equal density, equal height: \(heights)")
        #expect(heights[6] * 10 == heights[0])
        #expect(svg.contains(">120</text>") && svg.contains(">8</text>"))
        #expect(!svg.contains("NaN"))
    }

    @Test("the run report marks each version's length limits on the histogram, those beyond the axis in words")
    func lengthLimitsMarked() throws {
        var report = ReportFixture.run
        report.versions[0].lengthLimits = LengthLimits(min: 8, max: nil)
        report.versions[1].lengthLimits = LengthLimits(min: 12, max: 64)
        let html = HTMLReportRenderer().render(report)
        let histogram = try #require(html.components(separatedBy: "<svg").last)
        let marks = try Self.matches(#"<line class="mark" x1="(\d+)""#, in: histogram).map { Int($0[0]) ?? 0 }
        #expect(marks == [64 + 8 * 15, 64 + 12 * 15])
        #expect(histogram.contains(">≥ 8 corp@2</text>") && histogram.contains(">≥ 12 corp@3</text>"))
        #expect(html.contains("corp@3 allows 12–64 characters") && html.contains("beyond the axis: corp@3: ≤ 64"))
        #expect(!HTMLReportRenderer().render(ReportFixture.run).contains(#"class="mark""#))
    }

    @Test("a version's length limits come from its stored length rules, the tightest of several")
    func lengthLimitsFromRules() throws {
        let policy = try PasswordPolicy(
            json: Data(
                (#"{"name":"p","rules":[{"rule":"length","id":"a","min":8,"max":64},{"rule":"length","id":"b","min":10},"#
                    + #"{"rule":"require","id":"c","class":"digit","min":1}]}"#).utf8))
        let rows = policy.rules.enumerated().map { index, rule in
            PolicyRuleRow(
                bit: index, ruleID: rule.id, kind: rule.kind.name, label: rule.label, definition: rule.canonicalJSON())
        }
        #expect(RunReportBuilder.lengthLimits(rows) == LengthLimits(min: 10, max: 64))
        #expect(RunReportBuilder.lengthLimits(Array(rows.suffix(1))) == nil)
    }

    static func inForceHistory(_ versions: [[Int]]) -> HistoryReport {
        HistoryReport(
            pwauditVersion: "0.2.0", generatedAt: ReportFixture.generated, policyName: "corp", bucketKind: .month,
            mode: .inForce,
            buckets: versions.enumerated().map { index, versions in
                HistoryBucket(
                    key: "2026-0\(index + 1)", versions: versions, total: 100, unlocked: 40 + index,
                    topBlockingRule: nil)
            })
    }

    @Test("the in-force history marks each policy change on the time axis")
    func policyChangesMarked() throws {
        let html = HTMLReportRenderer().render(Self.inForceHistory([[1], [1], [1, 2], [2], [3]]))
        let labels = try Self.matches(#"<text class="mark-label halo" x="\d+" y="\d+">([^<]*)</text>"#, in: html)
        #expect(labels.map { $0[0] } == ["corp@2", "corp@3"])
        let marks = try Self.matches(#"<line class="mark" x1="(\d+)""#, in: html).map { Int($0[0]) ?? 0 }
        let points = try Self.matches(#"<circle class="point" cx="(\d+)""#, in: html).map { Int($0[0]) ?? 0 }
        #expect(marks == [points[2], points[4]])
        #expect(
            html.contains("dashed lines mark where a version comes into force: corp@2 in 2026-03, corp@3 in 2026-05"))
        let withinFirst = HTMLReportRenderer.policyChanges(
            Self.inForceHistory([[1, 2], [2]]).buckets, policyName: "corp")
        #expect(withinFirst.map(\.index) == [0] && withinFirst.map(\.label) == ["corp@2"])
        var byVersion = Self.inForceHistory([[1], [2]])
        byVersion.mode = .byVersion
        #expect(!HTMLReportRenderer().render(byVersion).contains(#"class="mark""#))
    }

    @Test("several series share one y scale")
    func oneScale() throws {
        let report = HistoryReport(
            pwauditVersion: "0.2.0", generatedAt: ReportFixture.generated, policyName: "corp", bucketKind: .month,
            mode: .byVersion,
            buckets: [
                HistoryBucket(key: "2026-01", versions: [1], total: 100, unlocked: 8, topBlockingRule: nil),
                HistoryBucket(key: "2026-01", versions: [2], total: 100, unlocked: 40, topBlockingRule: nil),
                HistoryBucket(key: "2026-02", versions: [1], total: 100, unlocked: 6, topBlockingRule: nil),
                HistoryBucket(key: "2026-02", versions: [2], total: 100, unlocked: 45, topBlockingRule: nil),
            ])
        let html = HTMLReportRenderer().render(report)
        let charts = html.components(separatedBy: "<svg").dropFirst()
        #expect(charts.count == 2)
        for chart in charts {
            // corp@1 alone would top out at 10%; with corp@2 beside it both run to 50%.
            #expect(chart.contains(#"text-anchor="end">50%</text>"#) && !chart.contains(">10%</text>"))
        }
        #expect(html.contains("every series on the same scale"))
    }
}

/// A compliance report of examples/nist.json against every standard, without run evidence.
enum ComplianceReportFixture {
    static var report: ComplianceReport {
        get throws {
            let policy = try PasswordPolicy(
                json: Data(contentsOf: URL(fileURLWithPath: SourceTree.example("nist.json"))))
            let assessment = ComplianceEvaluator.evaluate(policy)
            return ComplianceReport(
                pwauditVersion: "0.2.0", generatedAt: ReportFixture.generated,
                standards: ComplianceCatalog.standards.map(ComplianceStandardInfo.init),
                versions: [
                    VersionCompliance(
                        policy: ReportFixture.policy(2), results: assessment.results, conflicts: assessment.conflicts,
                        evidence: nil)
                ])
        }
    }
}
