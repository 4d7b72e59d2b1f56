import Foundation

extension HTMLReportRenderer {
    /// Renders a comparison: headline, the 2×2 grid as bars and table, and the rules blocking the newly blocked.
    package func render(_ report: ComparisonReport) -> String {
        var page = HTMLPage()
        let a = report.policyA.reference
        let b = report.policyB.reference
        let total = report.total
        let title = "pwaudit comparison: \(a) vs \(b) on \(report.run.displayName)"
        page.element("h1", title)
        provenance(report.run, pwauditVersion: report.pwauditVersion, generatedAt: report.generatedAt, into: &page)
        page.element("p", report.headline, className: "headline")
        page.element(
            "p",
            "\(n(report.unlockedUnderA)) of \(n(total)) (\(Percentage(report.unlockedUnderA, of: total))) would "
                + "unlock reset under \(a); \(n(report.unlockedUnderB)) (\(Percentage(report.unlockedUnderB, of: total))) "
                + "under \(b).")
        let cells: [(String, Int)] = [
            ("Unlocked under both", report.bothUnlocked), ("Only under \(a) (newly blocked)", report.onlyA),
            ("Only under \(b) (newly unlocked)", report.onlyB), ("Under neither", report.neither),
        ]
        page.figure(
            { id in
                SVGChart.horizontalBars(
                    id: id, title: "Candidates unlocked under \(a) and \(b)",
                    description: "Share of \(n(total)) candidates in each cell of the comparison.",
                    bars: cells.map { .init(label: $0.0, count: $0.1, total: total) })
            },
            caption: "\(a) vs \(b) on \(n(total)) candidates", headers: ["Cell", "Candidates", "%"], numeric: [1, 2],
            rows: cells.map { [$0.0, n($0.1), "\(Percentage($0.1, of: total))"] })
        func cell(_ count: Int) -> String { "\(n(count)) (\(Percentage(count, of: total)))" }
        page.table(
            caption: "2×2: rows \(a), columns \(b)", headers: ["", "\(b) unlocks", "\(b) blocks"], numeric: [1, 2],
            rows: [
                ["\(a) unlocks", cell(report.bothUnlocked), cell(report.onlyA)],
                ["\(a) blocks", cell(report.onlyB), cell(report.neither)],
            ])
        let blockers = report.newlyBlockedBy
        page.element("h2", "Rules of \(b) blocking the \(n(report.onlyA)) newly blocked")
        page.figure(
            { id in
                SVGChart.horizontalBars(
                    id: id, title: "Rules of \(b) blocking the newly blocked",
                    description: "Share of the \(n(report.onlyA)) newly blocked candidates failing each rule of \(b).",
                    bars: blockers.map { .init(label: $0.label, count: $0.count, total: report.onlyA) })
            },
            caption: "A candidate failing several rules counts once for each.",
            headers: ["Rule", "Label", "Candidates", "% of newly blocked"], numeric: [2, 3],
            rows: blockers.map { [$0.ruleID, $0.label, n($0.count), "\(Percentage($0.count, of: report.onlyA))"] })
        if let strength = report.strength, let sentence = report.strengthHeadline {
            page.element("h2", "Strength of the unlocking candidates")
            page.element("p", sentence + ".")
            page.table(
                caption: "Unlocking candidates by zxcvbn score under \(a) and \(b)",
                headers: ["Score", "Unlock under \(a)", "%", "Unlock under \(b)", "%"], numeric: [1, 2, 3, 4],
                rows: zip(strength.a.scores, strength.b.scores).map { scoreA, scoreB in
                    [
                        "\(scoreA.score)", n(scoreA.unlocked),
                        "\(Percentage(scoreA.unlocked, of: strength.a.unlocked))",
                        n(scoreB.unlocked), "\(Percentage(scoreB.unlocked, of: strength.b.unlocked))",
                    ]
                })
        }
        return page.document(title: title)
    }

    /// Renders a history: the unlock-rate trend line with a table of buckets beside it; in by-version mode with
    /// one version per bucket, one trend per version (each version is its own series).
    package func render(_ report: HistoryReport) -> String {
        var page = HTMLPage()
        let title = "pwaudit history: \(report.policyName) by \(report.bucketKind.rawValue) (\(report.mode.rawValue))"
        page.element("h1", title)
        page.element(
            "p", "Generated \(ReportTimestamp.string(from: report.generatedAt)) by pwaudit \(report.pwauditVersion).",
            className: "meta")
        let inForce = report.mode == .inForce
        let perVersion = report.mode == .byVersion && report.buckets.allSatisfy { $0.versions.count == 1 }
        let series: [(name: String, buckets: [HistoryBucket])] =
            perVersion
            ? Dictionary(grouping: report.buckets) { $0.versions[0] }.sorted { $0.key < $1.key }.map {
                ("\(report.policyName)@\($0.key)", $0.value)
            }
            : [(report.policyName, report.buckets)]
        func points(_ buckets: [HistoryBucket]) -> [SVGChart.Bar] {
            buckets.filter { !$0.isUndated }.map { .init(label: $0.displayKey, count: $0.unlocked, total: $0.total) }
        }
        // Several series are compared on one y scale: the one that holds every series' points.
        let scale = SVGChart.trendScale(for: series.flatMap { points($0.buckets) })
        for (name, buckets) in series {
            if series.count > 1 { page.element("h2", name) }
            let marks =
                inForce ? Self.policyChanges(buckets.filter { !$0.isUndated }, policyName: report.policyName) : []
            page.figure(
                { id in
                    SVGChart.trendLine(
                        id: id, title: "Unlock rate of \(name) per \(report.bucketKind.rawValue)",
                        description: "Percentage of candidates that would unlock the reset, oldest bucket first"
                            + (series.count > 1 ? ", every series on the same scale" : "")
                            + (marks.isEmpty
                                ? ""
                                : "; dashed lines mark where a version comes into force: "
                                    + marks.map {
                                        "\($0.label) in \(buckets.filter { !$0.isUndated }[$0.index].displayKey)"
                                    }
                                    .joined(separator: ", ")) + ".",
                        points: points(buckets), scale: scale, marks: marks)
                },
                caption: "Unlock rate of \(name) per \(report.bucketKind.rawValue)",
                headers: ["Bucket", "Versions", "Total", "Unlocked", "Rate", "Top blocking rule", "Blocks"]
                    + (inForce ? ["Not scored"] : []),
                numeric: [2, 3, 4, 6, 7],
                rows: buckets.map { bucket in
                    [
                        bucket.displayKey, bucket.references(policyName: report.policyName).joined(separator: ", "),
                        n(bucket.total), n(bucket.unlocked), "\(bucket.rate)",
                        bucket.topBlockingRule.map { "\($0.ruleID) (\($0.label))" } ?? "–",
                        bucket.topBlockingRule.map { n($0.count) } ?? "–",
                    ] + (inForce ? [n(bucket.notScored)] : [])
                })
        }
        if !report.gaps.isEmpty {
            page.element("h2", "Not scored")
            page.raw("<ul>\n")
            for gap in report.gaps { page.element("li", gap.sentence) }
            page.raw("</ul>\n")
        }
        return page.document(title: title)
    }

    /// Where an in-force history's policy changes: each bucket in which a version newer than every earlier bucket's
    /// (and than the first bucket's oldest) is in force, marked with its reference.
    static func policyChanges(_ buckets: [HistoryBucket], policyName: String) -> [(index: Int, label: String)] {
        var newest = buckets.first?.versions.min() ?? 0
        var marks: [(index: Int, label: String)] = []
        for (index, bucket) in buckets.enumerated() {
            let newer = bucket.versions.filter { $0 > newest }
            guard let latest = newer.max() else { continue }
            marks.append((index, newer.map { "\(policyName)@\($0)" }.joined(separator: ", ")))
            newest = latest
        }
        return marks
    }
}
