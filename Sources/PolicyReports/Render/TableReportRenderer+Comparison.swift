import Foundation

extension TableReportRenderer {
    /// Renders a comparison: the headline, the 2×2 grid, and the rules of B that block the newly blocked.
    package func render(_ report: ComparisonReport) -> String {
        let a = safe(report.policyA.reference)
        let b = safe(report.policyB.reference)
        let total = report.total
        var out = [bold("pwaudit comparison: \(a) vs \(b) on \(name(report.run.displayName))")]
        out += provenance(report.run, version: report.pwauditVersion, generatedAt: report.generatedAt)
        out += [
            "",
            highlight(safe(report.headline)),
            "\(n(report.unlockedUnderA)) of \(n(total)) (\(Percentage(report.unlockedUnderA, of: total))) "
                + "would unlock reset under \(a); \(n(report.unlockedUnderB)) "
                + "(\(Percentage(report.unlockedUnderB, of: total))) under \(b)",
            "",
        ]
        func cell(_ count: Int) -> String { "\(n(count)) (\(Percentage(count, of: total)))" }
        out += TextTable(
            columns: [.init("of \(n(total))"), .init("\(b) unlocks", .right), .init("\(b) blocks", .right)],
            rows: [
                ["\(a) unlocks", cell(report.bothUnlocked), cell(report.onlyA)],
                ["\(a) blocks", cell(report.onlyB), cell(report.neither)],
            ]
        ).lines(style: bold)
        if !report.newlyBlockedBy.isEmpty {
            out += ["", "  Rules of \(b) blocking the \(n(report.onlyA)) newly blocked"]
            out += TextTable(
                columns: [
                    .init("Rule"), .init("Label"), .init("Candidates", .right), .init("% of newly blocked", .right),
                ],
                rows: report.newlyBlockedBy.map {
                    [$0.ruleID, $0.label, n($0.count), "\(Percentage($0.count, of: report.onlyA))"]
                }
            ).lines(style: bold)
        }
        if let strength = report.strength, let sentence = report.strengthHeadline {
            out += ["", "  Strength of the unlocking candidates (zxcvbn score): \(safe(sentence))"]
            out += TextTable(
                columns: [
                    .init("Score"), .init("Unlock under \(a)", .right), .init("%", .right),
                    .init("Unlock under \(b)", .right), .init("%", .right),
                ],
                rows: zip(strength.a.scores, strength.b.scores).map { scoreA, scoreB in
                    [
                        "\(scoreA.score)", n(scoreA.unlocked),
                        "\(Percentage(scoreA.unlocked, of: strength.a.unlocked))",
                        n(scoreB.unlocked), "\(Percentage(scoreB.unlocked, of: strength.b.unlocked))",
                    ]
                }
            ).lines(style: bold)
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// Renders a history: one row per bucket with its versions, unlock rate and top blocking rule.
    package func render(_ report: HistoryReport) -> String {
        var out = [
            bold(
                "pwaudit history: \(safe(report.policyName)) by \(report.bucketKind.rawValue) (\(report.mode.rawValue))"
            ),
            dim("  Generated \(ReportTimestamp.string(from: report.generatedAt)) by pwaudit \(report.pwauditVersion)"),
            "",
        ]
        let inForce = report.mode == .inForce
        out += TextTable(
            columns: [
                .init("Bucket"), .init("Versions"), .init("Total", .right), .init("Unlocked", .right),
                .init("Rate", .right), .init("Top blocking rule"), .init("Blocks", .right),
            ] + (inForce ? [.init("Not scored", .right)] : []),
            rows: report.buckets.map { bucket in
                [
                    bucket.displayKey, bucket.references(policyName: report.policyName).joined(separator: ", "),
                    n(bucket.total), n(bucket.unlocked), "\(bucket.rate)",
                    bucket.topBlockingRule?.ruleID ?? "-", bucket.topBlockingRule.map { n($0.count) } ?? "-",
                ] + (inForce ? [n(bucket.notScored)] : [])
            }
        ).lines(style: bold)
        if !report.gaps.isEmpty {
            out += ["", "  Not scored (the run did not score the version in force):"]
            out += report.gaps.map { "  - " + safe($0.sentence) }
        }
        if report.buckets.isEmpty { out.append("  No runs in this history.") }
        return out.joined(separator: "\n") + "\n"
    }
}
