import PolicyCompliance

/// Renders a compliance report as one self-contained HTML page: per version a red / yellow / green tile per
/// standard, each opening onto its clause table (plain `<details>`, no script), then the conflicts. Printed, every
/// tile is open (the shared print CSS opens every `<details>`) and as wide as the page, so the paper has every
/// clause row.
struct ComplianceHTMLRenderer {
    /// The page.
    func render(_ report: ComplianceReport) -> String {
        var page = HTMLPage()
        page.element("h1", "Compliance report")
        page.element(
            "p",
            "Generated \(ReportTimestamp.string(from: report.generatedAt)) by pwaudit \(report.pwauditVersion). "
                + "Every clause is checked against the stored policy definition; clauses a policy file cannot show "
                + "are listed as needing evidence.", className: "meta")
        if report.versions.count > 1 {
            page.element("h2", "Matrix: every version × standard")
            page.table(
                caption: "When each version complied", headers: ["Version"] + report.standards.map(\.id),
                rows: report.matrixRows)
        }
        for version in report.versions {
            page.element("h2", version.policy.reference)
            var meta = "Definition SHA-256 \(version.policy.definitionSHA256)"
            if let effective = version.policy.effectiveFrom {
                meta += ", effective from \(ReportTimestamp.string(from: effective))"
            }
            if let evidence = version.evidence {
                meta +=
                    "; run evidence from run \(evidence.runID) (\(ReportNumber.grouped(evidence.candidates)) candidates)"
            }
            page.element("p", meta, className: "meta")
            for fact in version.declared { page.element("p", "Declared: \(fact.summary)", className: "meta") }
            page.raw("<div class=\"tiles\">\n")
            for result in version.results {
                page.raw("<details class=\"tile \(result.status.colour)\">\n<summary>")
                page.raw("<span class=\"tile-title\">\(ReportText.html(result.title))</span>")
                page.raw("<span class=\"tile-status\">\(ReportText.html(result.status.rawValue))</span>")
                page.raw("<span class=\"tile-tally\">\(ReportText.html(ComplianceReport.tally(result)))</span>")
                page.raw("</summary>\n")
                page.table(
                    caption: "\(result.title) (\(result.edition)) — \(version.policy.reference)",
                    headers: ComplianceReport.clauseHeaders, rows: ComplianceReport.clauseRows(result, of: version))
                page.raw("</details>\n")
            }
            page.raw("</div>\n")
            page.element("h3", "Conflicts between the standards")
            if version.conflicts.isEmpty { page.element("p", "None: no conflicting clauses were evaluated together.") }
            for conflict in version.conflicts {
                page.element("p", conflict.summary, className: conflict.isActive ? "conflict active" : "conflict")
            }
        }
        return page.document(title: "pwaudit compliance report", extraCSS: Self.css)
    }

    private static let css = """
        .tiles { display: flex; flex-wrap: wrap; gap: 10px; margin: .6em 0 1em; }
        .tile { flex: 0 1 250px; border-radius: 6px; border: 2px solid #8a8f96; padding: 6px 10px; }
        .tile[open] { flex-basis: 100%; }
        .tile summary { cursor: pointer; display: flex; flex-direction: column; }
        .tile-title { font-weight: 600; }
        .tile-status { text-transform: uppercase; font-weight: 700; letter-spacing: .04em; }
        .tile-tally { font-size: .85em; color: #4a5360; }
        .tile.green { background: #e6f4ea; border-color: #2e7d32; }
        .tile.yellow { background: #fff8e1; border-color: #b58900; }
        .tile.red { background: #fdecea; border-color: #c62828; }
        .conflict.active { font-weight: 600; }
        @media print { .tile { flex-basis: 100%; } .tile table { width: 100%; font-size: 8.5pt; } }

        """
}
