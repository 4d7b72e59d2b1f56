import Foundation

/// Renders reports for the terminal: headline sentences and aligned tables with thousands separators.
///
/// Colour is off unless asked for; the CLI turns it on only for a TTY without `NO_COLOR` or `TERM=dumb`.
/// Labels and file names are made terminal-safe, so a label cannot inject escape sequences.
package struct TableReportRenderer: ReportRenderer {
    /// Whether to decorate headings and headlines with ANSI escape sequences.
    package var useColor: Bool

    /// Creates a table renderer.
    package init(useColor: Bool = false) {
        self.useColor = useColor
    }

    /// Renders a run report: provenance, rows, then per version the headline and its rule tables.
    package func render(_ report: RunReport) -> String {
        var out = [bold("pwaudit run report: \(name(report.displayName))")]
        if let run = report.run {
            out += provenance(run, version: report.pwauditVersion, generatedAt: report.generatedAt)
        } else {
            out += aggregateProvenance(report)
        }
        out += ["", bold("Rows")]
        let rows = report.rows
        out += TextTable(
            columns: [.init("Rows"), .init("Count", .right), .init("% of read", .right)],
            rows: [
                ["read", n(rows.read), ""],
                ["accepted", n(rows.accepted), "\(Percentage(rows.accepted, of: rows.read))"],
                ["rejected", n(rows.rejected), "\(Percentage(rows.rejected, of: rows.read))"],
            ]
                + rows.rejectedByReason.map {
                    ["  rejected: \($0.reason)", n($0.count), "\(Percentage($0.count, of: rows.read))"]
                }
                + rows.undatedLines.map {
                    ["  accepted, \($0.label)", n($0.count), "\(Percentage($0.count, of: rows.read))"]
                }
        ).lines(style: bold)
        for version in report.versions {
            out += [""] + versionLines(version, note: report.coverageNote(of: version))
        }
        out += [""] + featureLines(report.features)
        if report.isAggregate { out += [""] + reuseLines(report.runs) }
        return out.joined(separator: "\n") + "\n"
    }

    /// An aggregate's runs, one line each, and when the report was made.
    private func aggregateProvenance(_ report: RunReport) -> [String] {
        TextTable(
            columns: [
                .init("Run", .right), .init("Label"), .init("Source"), .init("SHA-256"), .init("Finished"),
                .init("Candidates", .right),
            ],
            rows: report.runs.map { part in
                let run = part.run
                return [
                    "\(run.runID)", safe(run.label ?? ""), safe(run.sourceFileName),
                    String(run.sourceSHA256.prefix(12)),
                    run.finishedAt.map(ReportTimestamp.string(from:)) ?? "not finished", n(part.candidates),
                ]
            }
        ).lines().map { dim($0) }
            + [
                dim(
                    "Generated \(ReportTimestamp.string(from: report.generatedAt)) by pwaudit \(report.pwauditVersion); "
                        + "figures are added up over the runs")
            ]
    }

    /// An aggregate's reuse, per run.
    private func reuseLines(_ runs: [AggregatedRun]) -> [String] {
        [RunReport.perRunReuseNote]
            + TextTable(
                columns: [
                    .init("Run", .right), .init("Candidates", .right), .init("Groups", .right),
                    .init("In groups", .right), .init("%", .right), .init("Largest", .right),
                ],
                rows: runs.map {
                    [
                        "\($0.run.runID)", n($0.candidates), n($0.reuse.groupCount), n($0.reuse.candidatesInGroups),
                        "\(Percentage($0.reuse.candidatesInGroups, of: $0.candidates))", n($0.reuse.largestGroupSize),
                    ]
                }
            ).lines(style: bold)
    }

    private func versionLines(_ version: VersionReport, note: String?) -> [String] {
        let total = version.total
        var out = [
            bold(safe(version.policy.reference))
                + dim(
                    "  definition sha256 \(version.policy.definitionSHA256)"
                        + (version.policy.effectiveFrom.map { ", effective from \(ReportTimestamp.string(from: $0))" }
                            ?? "")),
            highlight(safe(version.headline)),
            "\(n(version.nearMisses.count)) of \(n(total)) (\(Percentage(version.nearMisses.count, of: total))) "
                + "fail exactly one rule",
        ]
        if let note { out.append(highlight("Note: \(note)")) }
        if let top = version.ruleFailures.first, top.count > 0 {
            out.append(
                "\(safe(top.label)) (\(safe(top.ruleID))) blocks the most: \(n(top.count)) "
                    + "(\(Percentage(top.count, of: total)))")
        }
        out +=
            [""]
            + TextTable(
                columns: [.init("Rule"), .init("Label"), .init("Kind"), .init("Failing", .right), .init("%", .right)],
                rows: version.ruleFailures.map {
                    [$0.ruleID, $0.label, $0.kind, n($0.count), "\(Percentage($0.count, of: total))"]
                }
            ).lines(style: bold)
        if !version.nearMisses.byRule.isEmpty {
            out +=
                ["", "  Near misses: blocked by one rule only"]
                + TextTable(
                    columns: [.init("Only rule"), .init("Label"), .init("Candidates", .right), .init("%", .right)],
                    rows: version.nearMisses.byRule.map {
                        [$0.ruleID, $0.label, n($0.count), "\(Percentage($0.count, of: total))"]
                    }
                ).lines(style: bold)
        }
        if !version.topFailingPairs.isEmpty {
            out +=
                ["", "  Most common pairs of failing rules"]
                + TextTable(
                    columns: [.init("Rule A"), .init("Rule B"), .init("Candidates", .right), .init("%", .right)],
                    rows: version.topFailingPairs.map {
                        [$0.ruleA, $0.ruleB, n($0.count), "\(Percentage($0.count, of: total))"]
                    }
                ).lines(style: bold)
        }
        if let breached = version.breached {
            out +=
                [
                    "",
                    "  Breached: \(n(breached.matched)) of \(n(total)) (\(Percentage(breached.matched, of: total))) "
                        + "refused by a breach corpus, by times seen",
                ]
                + TextTable(
                    columns: [.init("Times seen"), .init("Candidates", .right), .init("%", .right)],
                    rows: breached.buckets.map { [$0.label, n($0.count), "\(Percentage($0.count, of: total))"] }
                ).lines(style: bold)
        }
        if let strength = version.strength {
            out +=
                ["", "  Strength (zxcvbn score): \(strength.headline)"]
                + TextTable(
                    columns: [
                        .init("Score"), .init("Candidates", .right), .init("%", .right), .init("Unlocking", .right),
                        .init("%", .right),
                    ],
                    rows: strength.scores.map {
                        [
                            "\($0.score)", n($0.candidates), "\(Percentage($0.candidates, of: strength.candidates))",
                            n($0.unlocked), "\(Percentage($0.unlocked, of: strength.unlocked))",
                        ]
                    }
                ).lines(style: bold)
        }
        return out
    }

    private func featureLines(_ features: RunFeatures) -> [String] {
        let total = features.candidates
        var out = [bold("Candidate features") + " (\(n(total)) candidates)"]
        out += TextTable(
            columns: [.init("Length"), .init("Candidates", .right), .init("%", .right)],
            rows: features.lengthBuckets.map { [$0.label, n($0.count), "\(Percentage($0.count, of: total))"] }
        ).lines(style: bold)
        out.append("")
        out += TextTable(
            columns: [.init("Classes"), .init("Candidates", .right), .init("%", .right)],
            rows: features.classComposition.map { [$0.classes, n($0.count), "\(Percentage($0.count, of: total))"] }
        ).lines(style: bold)
        guard let reuse = features.reuse else { return out }
        out += [
            "",
            "Reuse: \(n(reuse.candidatesInGroups)) candidates (\(Percentage(reuse.candidatesInGroups, of: total))) "
                + "share a password with another in \(n(reuse.groupCount)) groups; "
                + "the largest group has \(n(reuse.largestGroupSize))",
        ]
        return out
    }

    func provenance(_ run: RunProvenance, version: String, generatedAt: Date) -> [String] {
        let finished = run.finishedAt.map(ReportTimestamp.string(from:)) ?? "not finished"
        return TextTable(
            columns: [.init(""), .init("")],
            rows: [
                ["Source", "\(run.sourceFileName) (\(n(run.sourceSizeBytes)) bytes)"],
                ["SHA-256", run.sourceSHA256],
                ["Started", ReportTimestamp.string(from: run.startedAt)],
                ["Finished", finished],
                ["Status", run.status],
                ["Generated", "\(ReportTimestamp.string(from: generatedAt)) by pwaudit \(version)"],
            ]
        ).lines().dropFirst(2).map { dim($0) }
    }

    func n(_ value: Int) -> String { ReportNumber.grouped(value) }
    func n(_ value: Int64) -> String { ReportNumber.grouped(value) }
    func safe(_ text: String) -> String { ReportText.terminalSafe(text) }
    /// A run's name in a heading: terminal-safe and cut to 80 characters, so a long label keeps the line on screen.
    func name(_ text: String) -> String { ReportText.terminalSafe(text, limit: 80) }
    func bold(_ text: String) -> String { useColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { useColor ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    func highlight(_ text: String) -> String { useColor ? "\u{1B}[1;36m\(text)\u{1B}[0m" : text }
}
