import PolicyCompliance

extension ComplianceReport {
    /// Renders the report in `format`; `useColor` matters only for `table`.
    package func rendered(as format: ReportFormat, useColor: Bool = false) -> String {
        switch format {
        case .table: ComplianceTableRenderer(useColor: useColor).render(self)
        case .json: JSONReportRenderer().render(self)
        case .csv: ComplianceCSVRenderer().render(self)
        case .markdown: ComplianceMarkdownRenderer().render(self)
        case .html: ComplianceHTMLRenderer().render(self)
        }
    }

    /// The clause table's headings, shared by the table, Markdown and HTML renderers.
    static let clauseHeaders = ["Clause", "Level", "Verdict", "This policy", "Required", "Citation", "Run evidence"]

    /// The clause table's rows for `result` of `version`.
    static func clauseRows(_ result: StandardResult, of version: VersionCompliance) -> [[String]] {
        result.findings.map { finding in
            [
                finding.clause, finding.level.rawValue, finding.verdict.rawValue, finding.policyValue,
                finding.requiredValue, citation(finding), version.evidence(for: finding.clause)?.phrase ?? "",
            ]
        }
    }

    /// The finding's citation, with why its wording is not confirmed when it is not (its failures only warn).
    static func citation(_ finding: ClauseFinding) -> String {
        guard let doubt = finding.source.unconfirmedBecause ?? (finding.source.isConfirmed ? nil : "secondary copy")
        else { return finding.citation }
        return "\(finding.citation) (wording unconfirmed: \(doubt); a failure only warns)"
    }

    /// One line per standard: "fails: 2 required and 1 recommended clauses fail; 9 need evidence".
    static func tally(_ result: StandardResult) -> String {
        let required = result.findings.filter { $0.fails(atOrAbove: .required) }.count
        let recommended = result.findings.filter { $0.verdict == .fail && $0.severity == .recommended }.count
        let unknown = result.count(.unknown)
        let evidence = result.count(.needsEvidence)
        var parts = ["\(required) required and \(recommended) recommended clauses fail"]
        if unknown > 0 { parts.append("\(unknown) unknown (attribute not declared)") }
        if evidence > 0 { parts.append("\(evidence) need evidence") }
        return parts.joined(separator: "; ")
    }

    /// The matrix of `--all-versions`: one row per version, one status per standard.
    var matrixRows: [[String]] {
        versions.map { version in [version.policy.reference] + version.results.map(\.status.rawValue) }
    }
}
