/// One standard's findings for one policy version, and the tile they give.
package struct StandardResult: Sendable, Equatable, Encodable {
    /// The standard's id.
    package var standard: String
    /// Its title.
    package var title: String
    /// The edition evaluated.
    package var edition: String
    /// One finding per clause, in the standard's order.
    package var findings: [ClauseFinding]

    /// Creates a result.
    package init(standard: ComplianceStandard, findings: [ClauseFinding]) {
        self.standard = standard.id
        title = standard.title
        edition = standard.edition
        self.findings = findings
    }

    /// Red when a required clause fails; yellow when a recommended one fails or a required one is unknown; else
    /// green. Clauses that need evidence are listed, not counted against the policy.
    package var status: StandardStatus {
        if findings.contains(where: { $0.fails(atOrAbove: .required) }) { return .fails }
        let warned = findings.contains {
            $0.fails(atOrAbove: .recommended) || ($0.severity == .required && $0.verdict == .unknown)
        }
        return warned ? .warnings : .complies
    }

    /// How many findings have `verdict`.
    package func count(_ verdict: ComplianceVerdict) -> Int { findings.filter { $0.verdict == verdict }.count }

    private enum CodingKeys: String, CodingKey {
        case standard, title, edition, findings, status
    }

    /// Encodes the result with its derived `status`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(standard, forKey: .standard)
        try container.encode(title, forKey: .title)
        try container.encode(edition, forKey: .edition)
        try container.encode(status, forKey: .status)
        try container.encode(findings, forKey: .findings)
    }
}
