import Foundation

/// Renders reports as Markdown: headings, the headline sentences, and tables with escaped cells.
package struct MarkdownReportRenderer: ReportRenderer {
    /// Creates a Markdown renderer.
    package init() {}

    /// Renders a run report.
    package func render(_ report: RunReport) -> String {
        var out = ["# Run report: \(esc(report.displayName))", ""]
        if let run = report.run {
            out += provenance(run, pwauditVersion: report.pwauditVersion, generatedAt: report.generatedAt)
        } else {
            out += table(
                ["Run", "Label", "Source", "SHA-256", "Finished", "Candidates"], right: [0, 5],
                report.runs.map { part in
                    [
                        "\(part.run.runID)", esc(part.run.label ?? ""), "`\(code(part.run.sourceFileName))`",
                        "`\(part.run.sourceSHA256)`",
                        part.run.finishedAt.map(ReportTimestamp.string(from:)) ?? "not finished", n(part.candidates),
                    ]
                })
            out += [
                "",
                "Generated \(ReportTimestamp.string(from: report.generatedAt)) by pwaudit \(esc(report.pwauditVersion)); "
                    + "figures are added up over the runs.",
            ]
        }
        let rows = report.rows
        out += ["", "## Rows", ""]
        out += table(
            ["Rows", "Count", "% of read"], right: [1, 2],
            [
                ["read", n(rows.read), ""],
                ["accepted", n(rows.accepted), "\(Percentage(rows.accepted, of: rows.read))"],
                ["rejected", n(rows.rejected), "\(Percentage(rows.rejected, of: rows.read))"],
            ]
                + rows.rejectedByReason.map {
                    ["rejected: \(esc($0.reason))", n($0.count), "\(Percentage($0.count, of: rows.read))"]
                }
                + rows.undatedLines.map {
                    ["accepted, \($0.label)", n($0.count), "\(Percentage($0.count, of: rows.read))"]
                })
        for version in report.versions {
            let total = version.total
            let policy = version.policy
            out += ["", "## \(esc(policy.reference))", ""]
            out += [
                "**\(esc(version.headline)).** "
                    + "\(n(version.nearMisses.count)) (\(Percentage(version.nearMisses.count, of: total))) "
                    + "fail exactly one rule."
                    + (report.coverageNote(of: version).map { " **Note:** \(esc($0))." } ?? ""),
                "",
                "Definition SHA-256 `\(policy.definitionSHA256)`"
                    + (policy.effectiveFrom.map { ", effective from \(ReportTimestamp.string(from: $0))" } ?? "")
                    + ".",
                "", "### Failures per rule", "",
            ]
            out += table(
                ["Rule", "Label", "Kind", "Bit", "Failing", "%"], right: [3, 4, 5],
                version.ruleFailures.map {
                    [
                        esc($0.ruleID), esc($0.label), esc($0.kind), "\($0.bit)", n($0.count),
                        "\(Percentage($0.count, of: total))",
                    ]
                })
            out += ["", "### Near misses (blocked by one rule only)", ""]
            out += table(
                ["Only rule", "Label", "Candidates", "%"], right: [2, 3],
                version.nearMisses.byRule.map {
                    [esc($0.ruleID), esc($0.label), n($0.count), "\(Percentage($0.count, of: total))"]
                })
            out += ["", "### Most common pairs of failing rules", ""]
            out += table(
                ["Rule A", "Rule B", "Candidates", "%"], right: [2, 3],
                version.topFailingPairs.map {
                    [esc($0.ruleA), esc($0.ruleB), n($0.count), "\(Percentage($0.count, of: total))"]
                })
            if let breached = version.breached {
                out += [
                    "", "### Breached", "",
                    "\(n(breached.matched)) of \(n(total)) (\(Percentage(breached.matched, of: total))) refused by a "
                        + "breach corpus, by times seen.", "",
                ]
                out += table(
                    ["Times seen", "Candidates", "%"], right: [1, 2],
                    breached.buckets.map { [esc($0.label), n($0.count), "\(Percentage($0.count, of: total))"] })
            }
            if let strength = version.strength {
                out += ["", "### Strength (zxcvbn score)", "", strength.headline + ".", ""]
                out += table(
                    ["Score", "Candidates", "%", "Unlocking", "%"], right: [1, 2, 3, 4],
                    strength.scores.map {
                        [
                            "\($0.score)", n($0.candidates), "\(Percentage($0.candidates, of: strength.candidates))",
                            n($0.unlocked), "\(Percentage($0.unlocked, of: strength.unlocked))",
                        ]
                    })
            }
        }
        let features = report.features
        let candidates = features.candidates
        out += ["", "## Candidate features", "", "### Length", ""]
        out += table(
            ["Length", "Candidates", "%"], right: [1, 2],
            features.lengthBuckets.map { [$0.label, n($0.count), "\(Percentage($0.count, of: candidates))"] })
        out += ["", "### Character classes", ""]
        out += table(
            ["Classes", "Candidates", "%"], right: [1, 2],
            features.classComposition.map {
                [esc($0.classes), n($0.count), "\(Percentage($0.count, of: candidates))"]
            })
        if let reuse = features.reuse {
            out += [
                "", "### Reuse", "",
                "\(n(reuse.candidatesInGroups)) candidates (\(Percentage(reuse.candidatesInGroups, of: candidates))) "
                    + "share a password with another in \(n(reuse.groupCount)) groups; "
                    + "the largest group has \(n(reuse.largestGroupSize)).",
            ]
        } else {
            out += ["", "### Reuse", "", "\(RunReport.perRunReuseNote).", ""]
            out += table(
                ["Run", "Candidates", "Groups", "In groups", "%", "Largest"], right: [0, 1, 2, 3, 4, 5],
                report.runs.map {
                    [
                        "\($0.run.runID)", n($0.candidates), n($0.reuse.groupCount), n($0.reuse.candidatesInGroups),
                        "\(Percentage($0.reuse.candidatesInGroups, of: $0.candidates))", n($0.reuse.largestGroupSize),
                    ]
                })
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// Renders a comparison report.
    package func render(_ report: ComparisonReport) -> String {
        let a = esc(report.policyA.reference)
        let b = esc(report.policyB.reference)
        let total = report.total
        var out = ["# Comparison: \(a) vs \(b)", ""]
        out += provenance(report.run, pwauditVersion: report.pwauditVersion, generatedAt: report.generatedAt)
        out += [
            "",
            "**\(esc(report.headline)).** "
                + "\(n(report.unlockedUnderA)) of \(n(total)) (\(Percentage(report.unlockedUnderA, of: total))) "
                + "would unlock reset under \(a); \(n(report.unlockedUnderB)) "
                + "(\(Percentage(report.unlockedUnderB, of: total))) under \(b).",
            "",
        ]
        func cell(_ count: Int) -> String { "\(n(count)) (\(Percentage(count, of: total)))" }
        out += table(
            ["of \(n(total))", "\(b) unlocks", "\(b) blocks"], right: [1, 2],
            [
                ["\(a) unlocks", cell(report.bothUnlocked), cell(report.onlyA)],
                ["\(a) blocks", cell(report.onlyB), cell(report.neither)],
            ])
        out += ["", "## Rules of \(b) blocking the \(n(report.onlyA)) newly blocked", ""]
        out += table(
            ["Rule", "Label", "Candidates", "% of newly blocked"], right: [2, 3],
            report.newlyBlockedBy.map {
                [esc($0.ruleID), esc($0.label), n($0.count), "\(Percentage($0.count, of: report.onlyA))"]
            })
        if let strength = report.strength, let sentence = report.strengthHeadline {
            out += ["", "## Strength of the unlocking candidates (zxcvbn score)", "", esc(sentence) + ".", ""]
            out += table(
                ["Score", "Unlock under \(a)", "%", "Unlock under \(b)", "%"], right: [1, 2, 3, 4],
                zip(strength.a.scores, strength.b.scores).map { scoreA, scoreB in
                    [
                        "\(scoreA.score)", n(scoreA.unlocked),
                        "\(Percentage(scoreA.unlocked, of: strength.a.unlocked))",
                        n(scoreB.unlocked), "\(Percentage(scoreB.unlocked, of: strength.b.unlocked))",
                    ]
                })
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// Renders a history report.
    package func render(_ report: HistoryReport) -> String {
        var out = [
            "# History: \(esc(report.policyName)) by \(report.bucketKind.rawValue) (\(report.mode.rawValue))", "",
            "Generated \(ReportTimestamp.string(from: report.generatedAt)) by pwaudit \(esc(report.pwauditVersion)).",
            "",
        ]
        let inForce = report.mode == .inForce
        out += table(
            ["Bucket", "Versions", "Total", "Unlocked", "Rate", "Top blocking rule", "Blocks"]
                + (inForce ? ["Not scored"] : []), right: [2, 3, 4, 6, 7],
            report.buckets.map { bucket in
                [
                    esc(bucket.displayKey),
                    esc(bucket.references(policyName: report.policyName).joined(separator: ", ")),
                    n(bucket.total), n(bucket.unlocked), "\(bucket.rate)",
                    bucket.topBlockingRule.map { esc($0.ruleID) } ?? "–",
                    bucket.topBlockingRule.map { n($0.count) } ?? "–",
                ] + (inForce ? [n(bucket.notScored)] : [])
            })
        if !report.gaps.isEmpty {
            out += ["", "**Not scored** (the run did not score the version in force):", ""]
            out += report.gaps.map { "- " + esc($0.sentence) }
        }
        return out.joined(separator: "\n") + "\n"
    }

    private func provenance(_ run: RunProvenance, pwauditVersion: String, generatedAt: Date) -> [String] {
        [
            "- Source: `\(code(run.sourceFileName))`, \(n(Int(run.sourceSizeBytes))) bytes, SHA-256 `\(run.sourceSHA256)`",
            "- Run: \(run.runID)\(run.label.map { " (\(esc($0)))" } ?? ""), status \(esc(run.status))",
            "- Started \(ReportTimestamp.string(from: run.startedAt)), finished "
                + (run.finishedAt.map(ReportTimestamp.string(from:)) ?? "not finished"),
            "- Generated \(ReportTimestamp.string(from: generatedAt)) by pwaudit \(esc(pwauditVersion))",
        ]
    }

    /// A Markdown table; `right` lists the columns to right-align. An empty table reads `_None._`.
    private func table(_ headers: [String], right: Set<Int>, _ rows: [[String]]) -> [String] {
        guard !rows.isEmpty else { return ["_None._"] }
        let rule = headers.indices.map { right.contains($0) ? "---:" : "---" }
        return ([headers, rule] + rows).map { "| " + $0.joined(separator: " | ") + " |" }
    }

    private func n(_ value: Int) -> String { ReportNumber.grouped(value) }
    private func esc(_ text: String) -> String { ReportText.markdown(text) }
    private func code(_ text: String) -> String {
        ReportText.terminalSafe(text).replacingOccurrences(of: "`", with: "'")
    }
}
