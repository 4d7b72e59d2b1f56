import PolicyCompliance

/// Renders a compliance report for the terminal: per version, one line per standard, its clause table, conflicts.
struct ComplianceTableRenderer {
    /// Whether to colour statuses and verdicts (ANSI).
    let useColor: Bool

    private func paint(_ text: String, _ status: StandardStatus) -> String {
        guard useColor else { return text }
        let code =
            switch status {
            case .complies: "32"
            case .warnings: "33"
            case .fails: "31"
            }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    /// The report as text.
    func render(_ report: ComplianceReport) -> String {
        var lines: [String] = []
        if report.versions.count > 1 {
            lines.append("Compliance matrix (version × standard)")
            let columns = [TextTable.Column("Version")] + report.standards.map { TextTable.Column($0.id) }
            lines += TextTable(columns: columns, rows: report.matrixRows).lines()
            lines.append("")
        }
        for version in report.versions {
            let effective = version.policy.effectiveFrom.map { " (effective \(ReportTimestamp.day(of: $0)))" } ?? ""
            lines.append(ReportText.terminalSafe("Compliance of \(version.policy.reference)\(effective)"))
            if let evidence = version.evidence {
                lines.append(
                    "  run evidence: run \(evidence.runID), \(ReportNumber.grouped(evidence.candidates)) candidates")
            }
            for fact in version.declared { lines.append(ReportText.terminalSafe("  declared: \(fact.summary)")) }
            for result in version.results {
                let status = paint(result.status.rawValue.uppercased(), result.status)
                lines.append("")
                lines.append("  \(result.standard)  \(status)  \(ComplianceReport.tally(result))")
                lines += TextTable(
                    columns: ComplianceReport.clauseHeaders.map { TextTable.Column($0) },
                    rows: ComplianceReport.clauseRows(result, of: version)
                ).lines(indent: "    ")
            }
            lines.append("")
            lines.append("  Conflicts between the standards evaluated:")
            if version.conflicts.isEmpty { lines.append("    none (no conflicting clauses evaluated together)") }
            for conflict in version.conflicts {
                lines.append("    " + (conflict.isActive ? "! " : "  ") + conflict.summary)
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }
}
