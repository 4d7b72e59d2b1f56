/// One clause's verdict on one stored policy version, as `compliance_finding` keeps it for `v_compliance_finding`.
package struct ComplianceFindingRow: Sendable, Equatable {
    /// The standard's id, e.g. `nist-800-63b-4`.
    package var standard: String
    /// The clause id, e.g. `nist63b4.no_composition_rules`.
    package var clause: String
    /// The clause's title.
    package var title: String
    /// The standard's level word, e.g. `SHALL NOT`.
    package var level: String
    /// `required`, `recommended` or `informational`.
    package var severity: String
    /// `pass`, `fail`, `not-applicable`, `needs-evidence` or `unknown`.
    package var verdict: String
    /// The policy's value.
    package var policyValue: String
    /// The value the standard requires.
    package var requiredValue: String
    /// Where the clause is written.
    package var citation: String

    /// Creates a row.
    package init(
        standard: String, clause: String, title: String, level: String, severity: String, verdict: String,
        policyValue: String, requiredValue: String, citation: String
    ) {
        (self.standard, self.clause, self.title, self.level, self.severity) = (standard, clause, title, level, severity)
        (self.verdict, self.policyValue, self.requiredValue, self.citation) =
            (verdict, policyValue, requiredValue, citation)
    }
}
