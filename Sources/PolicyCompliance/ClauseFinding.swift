/// One clause's answer for one policy version: the row of a compliance report.
package struct ClauseFinding: Sendable, Equatable, Encodable {
    /// The clause id, e.g. `nist63b4.no_composition_rules`.
    package var clause: String
    /// The clause's title.
    package var title: String
    /// The standard's level word, e.g. `SHALL NOT`.
    package var level: ClauseLevel
    /// Required, recommended or informational.
    package var severity: ClauseSeverity
    /// The verdict.
    package var verdict: ComplianceVerdict
    /// The policy's value.
    package var policyValue: String
    /// The value the standard requires.
    package var requiredValue: String
    /// Where the clause is written.
    package var citation: String
    /// The run figure that belongs beside the verdict, if the clause has one.
    package var evidenceRequest: EvidenceRequest?
    /// The clause's source record: edition, section, how its wording was checked, and why not when it was not.
    package var source: ClauseSource

    /// The finding of `clause` with `outcome`.
    package init(_ clause: ComplianceClause, _ outcome: ClauseOutcome) {
        self.clause = clause.id
        title = clause.title
        level = clause.level
        severity = clause.severity
        verdict = outcome.verdict
        policyValue = outcome.policyValue
        requiredValue = outcome.requiredValue
        citation = clause.citation
        evidenceRequest = outcome.evidence
        source = clause.source
    }

    /// Whether this is a failure at `severity` or more severe (an informational clause never fails).
    package func fails(atOrAbove severity: ClauseSeverity) -> Bool {
        verdict == .fail && self.severity <= severity && self.severity != .informational
    }

    private enum CodingKeys: String, CodingKey {
        case clause, title, level, severity, verdict, citation, source
        case policyValue = "policy_value"
        case requiredValue = "required_value"
        case evidenceRequest = "evidence_request"
    }
}
