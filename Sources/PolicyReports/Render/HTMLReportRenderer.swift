import Foundation

/// Renders reports as one self-contained HTML file: inline CSS with print styles, inline SVG charts, no
/// scripts and no external references. Every interpolated value is HTML-escaped.
package struct HTMLReportRenderer: ReportRenderer {
    /// Creates an HTML renderer.
    package init() {}

    /// Renders a run report: provenance, rows, per version its bars, funnel and tables, then the run's features.
    package func render(_ report: RunReport) -> String {
        var page = HTMLPage()
        let title = "pwaudit run report: \(report.displayName)"
        page.element("h1", title)
        if let run = report.run {
            provenance(run, pwauditVersion: report.pwauditVersion, generatedAt: report.generatedAt, into: &page)
        } else {
            page.table(
                caption: "Runs added up",
                headers: ["Run", "Label", "Source file", "SHA-256", "Finished", "Candidates"],
                numeric: [0, 5],
                rows: report.runs.map { part in
                    [
                        "\(part.run.runID)", part.run.label ?? "", part.run.sourceFileName, part.run.sourceSHA256,
                        part.run.finishedAt.map(ReportTimestamp.string(from:)) ?? "not finished", n(part.candidates),
                    ]
                })
            page.element(
                "p",
                "Generated \(ReportTimestamp.string(from: report.generatedAt)) by pwaudit \(report.pwauditVersion); "
                    + "figures are added up over the runs.", className: "meta")
        }
        for version in report.versions { page.element("p", version.headline, className: "headline") }
        let rows = report.rows
        page.table(
            caption: "Rows", headers: ["Rows", "Count", "% of read"], numeric: [1, 2],
            rows: [
                ["read", n(rows.read), ""],
                ["accepted", n(rows.accepted), "\(Percentage(rows.accepted, of: rows.read))"],
                ["rejected", n(rows.rejected), "\(Percentage(rows.rejected, of: rows.read))"],
            ]
                + rows.rejectedByReason.map {
                    ["rejected: \($0.reason)", n($0.count), "\(Percentage($0.count, of: rows.read))"]
                }
                + rows.undatedLines.map {
                    ["accepted, \($0.label)", n($0.count), "\(Percentage($0.count, of: rows.read))"]
                })
        for version in report.versions {
            section(for: version, note: report.coverageNote(of: version), into: &page)
        }
        features(report.features, versions: report.versions, into: &page)
        if report.isAggregate {
            page.table(
                caption: RunReport.perRunReuseNote,
                headers: ["Run", "Candidates", "Groups", "In groups", "%", "Largest"], numeric: [0, 1, 2, 3, 4, 5],
                rows: report.runs.map {
                    [
                        "\($0.run.runID)", n($0.candidates), n($0.reuse.groupCount), n($0.reuse.candidatesInGroups),
                        "\(Percentage($0.reuse.candidatesInGroups, of: $0.candidates))", n($0.reuse.largestGroupSize),
                    ]
                })
        }
        return page.document(title: title)
    }

    private func section(for version: VersionReport, note: String?, into page: inout HTMLPage) {
        let reference = version.policy.reference
        let total = version.total
        page.element("h2", reference)
        page.element("p", version.headline, className: "headline")
        page.element(
            "p",
            "\(n(version.nearMisses.count)) of \(n(total)) (\(Percentage(version.nearMisses.count, of: total))) "
                + "fail exactly one rule.")
        if let note { page.element("p", "Note: \(note).", className: "headline") }
        if let top = version.ruleFailures.first, top.count > 0 {
            page.element(
                "p",
                "\(top.label) (\(top.ruleID)) blocks the most: \(n(top.count)) "
                    + "(\(Percentage(top.count, of: total))).")
        }
        page.element(
            "p",
            "Definition SHA-256 \(version.policy.definitionSHA256)"
                + (version.policy.effectiveFrom.map { "; effective from \(ReportTimestamp.string(from: $0))" } ?? ""),
            className: "meta")
        let failures = version.ruleFailures
        page.figure(
            { id in
                SVGChart.horizontalBars(
                    id: id, title: "Candidates failing each rule of \(reference)",
                    description: "Bars show the share of \(n(total)) candidates failing each rule, largest first.",
                    bars: failures.map { .init(label: $0.label, count: $0.count, total: total) })
            },
            caption: "Failures per rule under \(reference), by impact",
            headers: ["Rule", "Label", "Kind", "Failing", "%"],
            numeric: [3, 4],
            rows: failures.map { [$0.ruleID, $0.label, $0.kind, n($0.count), "\(Percentage($0.count, of: total))"] })
        let funnel: [(String, Int)] = [
            ("All candidates", total),
            ("Fail at most one rule", version.unlocked + version.nearMisses.count),
            ("Pass every rule (unlock)", version.unlocked),
        ]
        page.figure(
            { id in
                SVGChart.horizontalBars(
                    id: id, title: "Unlock funnel under \(reference)",
                    description: "From all candidates to those within one rule of unlocking to those that unlock.",
                    bars: funnel.map { .init(label: $0.0, count: $0.1, total: total) })
            },
            caption: "Unlock funnel under \(reference)", headers: ["Stage", "Candidates", "%"], numeric: [1, 2],
            rows: funnel.map { [$0.0, n($0.1), "\(Percentage($0.1, of: total))"] })
        page.table(
            caption: "Near misses under \(reference): blocked by one rule only",
            headers: ["Only rule", "Label", "Candidates", "%"], numeric: [2, 3],
            rows: version.nearMisses.byRule.map {
                [$0.ruleID, $0.label, n($0.count), "\(Percentage($0.count, of: total))"]
            })
        page.table(
            caption: "Most common pairs of failing rules under \(reference)",
            headers: ["Rule A", "Rule B", "Candidates", "%"], numeric: [2, 3],
            rows: version.topFailingPairs.map {
                [
                    "\($0.ruleA) (\($0.ruleALabel))", "\($0.ruleB) (\($0.ruleBLabel))", n($0.count),
                    "\(Percentage($0.count, of: total))",
                ]
            })
        if let breached = version.breached {
            breachedSection(breached, reference: reference, total: total, into: &page)
        }
        if let strength = version.strength {
            strengthSection(strength, reference: reference, into: &page)
        }
    }

    /// The strength scores: a bar per score of the unlocking candidates, with all and unlocking counts in a table.
    private func strengthSection(_ strength: StrengthSummary, reference: String, into page: inout HTMLPage) {
        page.figure(
            { id in
                SVGChart.horizontalBars(
                    id: id, title: "Strength of the candidates that unlock under \(reference)",
                    description: strength.headline + "; bars show the unlocking candidates per zxcvbn score.",
                    bars: strength.scores.map {
                        .init(label: "Score \($0.score)", count: $0.unlocked, total: strength.unlocked)
                    })
            },
            caption: "Strength under \(reference): \(strength.headline)",
            headers: ["Score", "Candidates", "%", "Unlocking", "%"], numeric: [1, 2, 3, 4],
            rows: strength.scores.map {
                [
                    "\($0.score)", n($0.candidates), "\(Percentage($0.candidates, of: strength.candidates))",
                    n($0.unlocked), "\(Percentage($0.unlocked, of: strength.unlocked))",
                ]
            })
    }

    /// The breach buckets: a bar per bucket with the same figures in a table.
    private func breachedSection(
        _ breached: BreachedSummary, reference: String, total: Int, into page: inout HTMLPage
    ) {
        page.figure(
            { id in
                SVGChart.horizontalBars(
                    id: id, title: "Candidates refused by a breach corpus under \(reference)",
                    description: "\(n(breached.matched)) of \(n(total)) candidates were refused by a breach corpus; "
                        + "bars show the share per number of times the password was seen.",
                    bars: breached.buckets.map { .init(label: "Seen \($0.label)", count: $0.count, total: total) })
            },
            caption: "Breached under \(reference): \(n(breached.matched)) "
                + "(\(Percentage(breached.matched, of: total))) refused, by times seen",
            headers: ["Times seen", "Candidates", "%"], numeric: [1, 2],
            rows: breached.buckets.map { [$0.label, n($0.count), "\(Percentage($0.count, of: total))"] })
    }

    private func features(_ features: RunFeatures, versions: [VersionReport], into page: inout HTMLPage) {
        let candidates = features.candidates
        page.element("h2", "Candidate features")
        let buckets = features.lengthBuckets
        let limits = versions.compactMap { version in version.lengthLimits.map { (version.policy.reference, $0) } }
        let (marks, beyond) = SVGChart.lengthMarks(limits)
        let limitText = limits.map { reference, limit in
            "\(reference) allows \(limit.min)\(limit.max.map { "–\($0)" } ?? "+") characters"
        }
        page.figure(
            { id in
                SVGChart.lengthHistogram(
                    id: id, title: "Candidates by length",
                    description: "Number of candidates per length range, in characters, each bar as wide as its range "
                        + "(32+ drawn as 32–39)"
                        + (limitText.isEmpty
                            ? ""
                            : "; dashed lines mark the length limits: "
                                + limitText.joined(separator: "; "))
                        + (beyond.isEmpty ? "" : " (beyond the axis: \(beyond.joined(separator: "; ")))") + ".",
                    buckets: buckets, marks: marks)
            },
            caption: "Length histogram of \(n(candidates)) candidates"
                + (limitText.isEmpty ? "" : " (\(limitText.joined(separator: "; ")))"),
            headers: ["Length", "Candidates", "%"],
            numeric: [1, 2], rows: buckets.map { [$0.label, n($0.count), "\(Percentage($0.count, of: candidates))"] })
        page.table(
            caption: "Character classes", headers: ["Classes", "Candidates", "%"], numeric: [1, 2],
            rows: features.classComposition.map {
                [$0.classes, n($0.count), "\(Percentage($0.count, of: candidates))"]
            })
        guard let reuse = features.reuse else { return }
        page.element(
            "p",
            "Reuse: \(n(reuse.candidatesInGroups)) candidates "
                + "(\(Percentage(reuse.candidatesInGroups, of: candidates))) share a password with another in "
                + "\(n(reuse.groupCount)) groups; the largest group has \(n(reuse.largestGroupSize)).")
    }

    func provenance(_ run: RunProvenance, pwauditVersion: String, generatedAt: Date, into page: inout HTMLPage) {
        let finished = run.finishedAt.map(ReportTimestamp.string(from:)) ?? "not finished"
        page.table(
            caption: "Provenance", headers: ["", ""],
            rows: [
                ["Run", run.displayName], ["Source file", run.sourceFileName],
                ["Size", "\(ReportNumber.grouped(run.sourceSizeBytes)) bytes"], ["SHA-256", run.sourceSHA256],
                ["Started", ReportTimestamp.string(from: run.startedAt)], ["Finished", finished],
                ["Status", run.status],
                ["Generated", "\(ReportTimestamp.string(from: generatedAt)) by pwaudit \(pwauditVersion)"],
            ])
    }

    func n(_ value: Int) -> String { ReportNumber.grouped(value) }
}
