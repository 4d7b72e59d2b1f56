import PolicyReports

extension DirectoryReport {
    /// The section for the terminal: headlines, totals, what was counted apart, charts' figures, listed accounts.
    var tableText: String {
        var lines = ["Directory audit (run \(runID), \(summary.extractName))", ""]
        lines += headlines.map { "  " + ReportText.terminalSafe($0) }
        lines.append("")
        lines += TextTable(
            columns: [.init("Total"), .init("Count", .right), .init("Share", .right), .init("Of")],
            rows: totals.map {
                [$0.label, ReportNumber.grouped($0.count), Percentage($0.count, of: $0.of).description, $0.unit]
            }
        ).lines()
        lines.append("")
        lines += TextTable(
            columns: [.init("Counted apart"), .init("Count", .right)],
            rows: countedApart.map { [$0.label, ReportNumber.grouped($0.count)] }
        ).lines()
        if !reuseRows.isEmpty {
            lines.append("")
            lines += TextTable(
                columns: [.init("Accounts sharing one NT hash", .right), .init("Groups", .right)],
                rows: reuseRows.map { [String($0.size), ReportNumber.grouped($0.groups)] }
            ).lines()
        }
        if let counts, counts.privileged > 0 {
            lines.append("")
            lines += TextTable(
                columns: [.init("Privileged accounts by finding"), .init("Accounts", .right)],
                rows: privilegedRows.map { [$0.finding.label, ReportNumber.grouped($0.accounts)] }
            ).lines()
        }
        let (accounts, more) = listed
        if !accounts.isEmpty {
            lines.append("")
            lines += TextTable(
                columns: [.init("Account"), .init("Groups"), .init("Findings")],
                rows: accounts.map {
                    [
                        $0.username + ($0.disabled ? " (disabled)" : ""), $0.groups.joined(separator: ", "),
                        Self.findingsText($0),
                    ]
                }
            ).lines()
            if more > 0 {
                lines.append("  … \(ReportNumber.grouped(more)) more accounts (--format json or csv lists all)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The section in Markdown.
    var markdown: String {
        func row(_ cells: [String]) -> String { "| " + cells.map(ReportText.markdown).joined(separator: " | ") + " |" }
        var lines = ["## Directory audit", ""]
        lines.append(ReportText.markdown("Run \(runID), extract \(summary.extractName)."))
        lines.append("")
        lines += headlines.map { "- " + ReportText.markdown($0) }
        lines += ["", "| Total | Count | Share | Of |", "|---|---:|---:|---|"]
        lines += totals.map {
            row([$0.label, ReportNumber.grouped($0.count), Percentage($0.count, of: $0.of).description, $0.unit])
        }
        lines += ["", "| Counted apart | Count |", "|---|---:|"]
        lines += countedApart.map { row([$0.label, ReportNumber.grouped($0.count)]) }
        if !reuseRows.isEmpty {
            lines += ["", "| Accounts sharing one NT hash | Groups |", "|---:|---:|"]
            lines += reuseRows.map { row([String($0.size), ReportNumber.grouped($0.groups)]) }
        }
        if let counts, counts.privileged > 0 {
            lines += ["", "| Privileged accounts by finding | Accounts |", "|---|---:|"]
            lines += privilegedRows.map { row([$0.finding.label, ReportNumber.grouped($0.accounts)]) }
        }
        let (accounts, more) = listed
        if !accounts.isEmpty {
            lines += ["", "| Account | Groups | Findings |", "|---|---|---|"]
            lines += accounts.map {
                row([
                    $0.username + ($0.disabled ? " (disabled)" : ""), $0.groups.joined(separator: ", "),
                    Self.findingsText($0),
                ])
            }
            if more > 0 {
                lines += ["", "… \(ReportNumber.grouped(more)) more accounts (`--format json` or `csv` lists all)."]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
