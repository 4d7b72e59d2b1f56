import PolicyCompliance

/// Renders a compliance report as Markdown: the matrix, then per version a status table and each clause table.
struct ComplianceMarkdownRenderer {
    private func esc(_ text: String) -> String { ReportText.markdown(text) }

    private func table(_ headers: [String], _ rows: [[String]]) -> [String] {
        var lines = ["| " + headers.map(esc).joined(separator: " | ") + " |"]
        lines.append("|" + headers.map { _ in " --- |" }.joined())
        lines += rows.map { "| " + $0.map(esc).joined(separator: " | ") + " |" }
        return lines
    }

    /// The report as Markdown.
    func render(_ report: ComplianceReport) -> String {
        var out = ["# Compliance report", ""]
        out.append(
            "Generated \(ReportTimestamp.string(from: report.generatedAt)) by pwaudit \(esc(report.pwauditVersion)). "
                + "Standards: " + report.standards.map { "\(esc($0.title)) (`\($0.edition)`)" }.joined(separator: ", ")
                + ".")
        if report.versions.count > 1 {
            out += ["", "## Matrix (version × standard)", ""]
            out += table(["Version"] + report.standards.map(\.id), report.matrixRows)
        }
        for version in report.versions {
            out += ["", "## \(esc(version.policy.reference))", ""]
            if let effective = version.policy.effectiveFrom {
                out += ["Effective from \(ReportTimestamp.string(from: effective)).", ""]
            }
            if let evidence = version.evidence {
                out += [
                    "Run evidence from run \(evidence.runID) (\(ReportNumber.grouped(evidence.candidates)) candidates).",
                    "",
                ]
            }
            if !version.declared.isEmpty {
                out += version.declared.map { "- Declared: " + esc($0.summary) } + [""]
            }
            out += table(
                ["Standard", "Status", "Summary"],
                version.results.map { [$0.title, $0.status.rawValue, ComplianceReport.tally($0)] })
            for result in version.results {
                out += ["", "### \(esc(result.title)): \(result.status.rawValue)", ""]
                out += table(ComplianceReport.clauseHeaders, ComplianceReport.clauseRows(result, of: version))
            }
            out += ["", "### Conflicts between the standards", ""]
            if version.conflicts.isEmpty { out.append("None: no conflicting clauses were evaluated together.") }
            out += version.conflicts.map { "- " + ($0.isActive ? "**active** " : "") + esc($0.summary) }
        }
        return out.joined(separator: "\n") + "\n"
    }
}
