import Foundation

/// Renders reports as one tidy long CSV: a `section` column tells which figure each row holds.
///
/// RFC 4180 (comma, CRLF, double quotes); cells that a spreadsheet would read as a formula are prefixed with
/// `'`. The sections and columns are documented in docs/report-format.md.
package struct CSVReportRenderer: ReportRenderer {
    /// Creates a CSV renderer.
    package init() {}

    /// Renders a run report: provenance, rows, then per version its figures, then the run's features.
    package func render(_ report: RunReport) -> String {
        var records =
            if let run = report.run {
                provenance(run, pwauditVersion: report.pwauditVersion, generatedAt: report.generatedAt)
            } else {
                aggregateProvenance(report)
            }
        let rows = report.rows
        records += [
            ReportCSVRow(section: "rows", item: "read", count: rows.read, total: rows.read),
            ReportCSVRow(section: "rows", item: "accepted", count: rows.accepted, total: rows.read),
            ReportCSVRow(section: "rows", item: "rejected", count: rows.rejected, total: rows.read),
        ]
        records += rows.rejectedByReason.map {
            ReportCSVRow(section: "rejected_reason", item: $0.reason, count: $0.count, total: rows.read)
        }
        records += rows.undatedLines.map {
            ReportCSVRow(section: "rows", item: $0.label, count: $0.count, total: rows.read)
        }
        for version in report.versions {
            records += self.records(for: version)
            if let scored = version.scoredByRuns {
                records.append(
                    ReportCSVRow(
                        section: "version", policy: version.policy.reference, item: "scored_by_runs",
                        value: scored.map(String.init).joined(separator: " ")))
            }
        }
        let features = report.features
        let candidates = features.candidates
        records += features.lengthHistogram.map {
            ReportCSVRow(section: "length", item: String($0.length), count: $0.count, total: candidates)
        }
        records += features.classComposition.map {
            ReportCSVRow(section: "class_composition", item: $0.classes, count: $0.count, total: candidates)
        }
        if let reuse = features.reuse {
            records += [
                ReportCSVRow(section: "reuse", item: "group_count", count: reuse.groupCount),
                ReportCSVRow(
                    section: "reuse", item: "candidates_in_groups", count: reuse.candidatesInGroups, total: candidates),
                ReportCSVRow(section: "reuse", item: "largest_group_size", count: reuse.largestGroupSize),
            ]
        }
        for part in report.runs {
            let run = String(part.run.runID)
            let reuse = part.reuse
            records += [
                ReportCSVRow(section: "run_reuse", item: run, itemB: "group_count", count: reuse.groupCount),
                ReportCSVRow(
                    section: "run_reuse", item: run, itemB: "candidates_in_groups", count: reuse.candidatesInGroups,
                    total: part.candidates),
                ReportCSVRow(
                    section: "run_reuse", item: run, itemB: "largest_group_size", count: reuse.largestGroupSize),
            ]
        }
        return ReportCSVRow.document(records)
    }

    /// An aggregate's provenance: who made it, then one `run` row per field of each run (`item` the run id).
    private func aggregateProvenance(_ report: RunReport) -> [ReportCSVRow] {
        var records = [
            ReportCSVRow(section: "provenance", item: "pwaudit_version", value: report.pwauditVersion),
            ReportCSVRow(
                section: "provenance", item: "generated_at", value: ReportTimestamp.string(from: report.generatedAt)),
        ]
        for part in report.runs {
            let run = part.run
            records += [
                ("run_label", run.label ?? ""), ("source_file", run.sourceFileName),
                ("source_size_bytes", String(run.sourceSizeBytes)), ("source_sha256", run.sourceSHA256),
                ("started_at", ReportTimestamp.string(from: run.startedAt)),
                ("finished_at", run.finishedAt.map(ReportTimestamp.string(from:)) ?? ""), ("status", run.status),
            ].map { ReportCSVRow(section: "run", item: String(run.runID), itemB: $0.0, value: $0.1) }
            records.append(
                ReportCSVRow(section: "run", item: String(run.runID), itemB: "candidates", count: part.candidates))
        }
        return records
    }

    private func records(for version: VersionReport) -> [ReportCSVRow] {
        let reference = version.policy.reference
        let total = version.total
        var records = [
            ReportCSVRow(
                section: "version", policy: reference, item: "definition_sha256",
                value: version.policy.definitionSHA256),
            ReportCSVRow(
                section: "version", policy: reference, item: "effective_from",
                value: version.policy.effectiveFrom.map(ReportTimestamp.string(from:)) ?? ""),
            ReportCSVRow(section: "version", policy: reference, item: "total", count: total, total: total),
            ReportCSVRow(
                section: "version", policy: reference, item: "unlocked", count: version.unlocked, total: total),
            ReportCSVRow(
                section: "version", policy: reference, item: "near_misses", count: version.nearMisses.count,
                total: total),
        ]
        records += version.ruleFailures.map {
            ReportCSVRow(
                section: "rule_failure", policy: reference, item: $0.ruleID, label: $0.label, count: $0.count,
                total: total, value: "kind=\($0.kind);bit=\($0.bit)")
        }
        records += version.nearMisses.byRule.map {
            ReportCSVRow(
                section: "near_miss", policy: reference, item: $0.ruleID, label: $0.label, count: $0.count,
                total: total)
        }
        records += version.topFailingPairs.map {
            ReportCSVRow(
                section: "rule_pair", policy: reference, item: $0.ruleA, itemB: $0.ruleB,
                label: "\($0.ruleALabel) + \($0.ruleBLabel)", count: $0.count, total: total)
        }
        if let breached = version.breached {
            records.append(
                ReportCSVRow(
                    section: "breached", policy: reference, item: "matched", count: breached.matched, total: total))
            records += breached.buckets.map {
                ReportCSVRow(
                    section: "breached", policy: reference, item: $0.label, label: "times seen", count: $0.count,
                    total: total)
            }
        }
        if let strength = version.strength {
            records += strength.scores.map {
                ReportCSVRow(
                    section: "strength", policy: reference, item: "score=\($0.score)", label: "candidates",
                    count: $0.candidates, total: strength.candidates)
            }
            records += unlockingStrengthRows(strength, section: "strength", policy: reference)
        }
        return records
    }

    /// A strength summary's unlocking candidates by score, then those of them scoring at most the guessable score.
    private func unlockingStrengthRows(
        _ summary: StrengthSummary, section: String, policy: String
    ) -> [ReportCSVRow] {
        summary.scores.map {
            ReportCSVRow(
                section: section, policy: policy, item: "score=\($0.score)", label: "unlocking",
                count: $0.unlocked, total: summary.unlocked)
        } + [
            ReportCSVRow(
                section: section, policy: policy, item: "unlocked_guessable",
                label: "unlocking, score <= \(StrengthSummary.guessableScore)", count: summary.unlockedGuessable,
                total: summary.unlocked)
        ]
    }

    /// Renders a comparison: provenance, the two versions, the four cells, and the rules blocking the newly blocked.
    package func render(_ report: ComparisonReport) -> String {
        var records = provenance(report.run, pwauditVersion: report.pwauditVersion, generatedAt: report.generatedAt)
        records += [
            ReportCSVRow(
                section: "policy", policy: report.policyA.reference, item: "a",
                value: report.policyA.definitionSHA256),
            ReportCSVRow(
                section: "policy", policy: report.policyB.reference, item: "b",
                value: report.policyB.definitionSHA256),
        ]
        let total = report.total
        records += [
            ("total", total), ("both_unlocked", report.bothUnlocked), ("only_a", report.onlyA),
            ("only_b", report.onlyB), ("neither", report.neither),
        ].map { ReportCSVRow(section: "comparison", item: $0.0, count: $0.1, total: total) }
        records += report.newlyBlockedBy.map {
            ReportCSVRow(
                section: "newly_blocked_by", policy: report.policyB.reference, item: $0.ruleID, label: $0.label,
                count: $0.count, total: report.onlyA)
        }
        if let strength = report.strength {
            for (reference, summary) in [
                (report.policyA.reference, strength.a), (report.policyB.reference, strength.b),
            ] {
                records += unlockingStrengthRows(summary, section: "strength_unlocked", policy: reference)
            }
        }
        return ReportCSVRow.document(records)
    }

    /// Renders a history: the report's settings, then per bucket its unlock rate and its top blocking rule.
    package func render(_ report: HistoryReport) -> String {
        var records = [
            ReportCSVRow(section: "provenance", item: "pwaudit_version", value: report.pwauditVersion),
            ReportCSVRow(
                section: "provenance", item: "generated_at",
                value: ReportTimestamp.string(from: report.generatedAt)),
            ReportCSVRow(section: "provenance", item: "policy", value: report.policyName),
            ReportCSVRow(section: "provenance", item: "bucket", value: report.bucketKind.rawValue),
            ReportCSVRow(section: "provenance", item: "mode", value: report.mode.rawValue),
        ]
        for bucket in report.buckets {
            let references = bucket.references(policyName: report.policyName).joined(separator: " ")
            records.append(
                ReportCSVRow(
                    section: "bucket", policy: references, item: bucket.key, label: bucket.runLabel ?? "",
                    count: bucket.unlocked, total: bucket.total))
            if let top = bucket.topBlockingRule {
                records.append(
                    ReportCSVRow(
                        section: "bucket_top_rule", policy: references, item: bucket.key, itemB: top.ruleID,
                        label: top.label, count: top.count, total: bucket.total))
            }
            if report.mode == .inForce {
                records.append(
                    ReportCSVRow(
                        section: "bucket_not_scored", policy: references, item: bucket.key, count: bucket.notScored))
            }
        }
        for gap in report.gaps {
            records.append(
                ReportCSVRow(
                    section: "not_scored", policy: gap.inForce ?? "", item: String(gap.runID),
                    label: "\(gap.firstDay)..\(gap.lastDay)", count: gap.candidates, value: "days=\(gap.days)"))
        }
        return ReportCSVRow.document(records)
    }

    private func provenance(_ run: RunProvenance, pwauditVersion: String, generatedAt: Date) -> [ReportCSVRow] {
        [
            ("pwaudit_version", pwauditVersion), ("generated_at", ReportTimestamp.string(from: generatedAt)),
            ("run_id", String(run.runID)), ("run_label", run.label ?? ""), ("source_file", run.sourceFileName),
            ("source_size_bytes", String(run.sourceSizeBytes)), ("source_sha256", run.sourceSHA256),
            ("started_at", ReportTimestamp.string(from: run.startedAt)),
            ("finished_at", run.finishedAt.map(ReportTimestamp.string(from:)) ?? ""), ("status", run.status),
        ].map { ReportCSVRow(section: "provenance", item: $0.0, value: $0.1) }
    }
}
