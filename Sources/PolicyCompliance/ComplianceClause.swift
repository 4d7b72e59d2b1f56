/// One clause of a standard, as data: what it says, how strongly, what it checks, and where it is written.
package struct ComplianceClause: Sendable, Equatable {
    /// Stable id (standards.md's property id), e.g. `nist63b4.min_length_single_factor`.
    package var id: String
    /// Short title, e.g. "Minimum length, password as the only factor".
    package var title: String
    /// The standard's own level word.
    package var level: ClauseLevel
    /// The property checked and the value required.
    package var check: ClauseCheck
    /// Where the clause is written, e.g. "SP 800-63B-4 §3.1.1.2 item 1".
    package var citation: String

    /// Creates a clause.
    package init(_ id: String, _ title: String, _ level: ClauseLevel, _ check: ClauseCheck, cite citation: String) {
        self.id = id
        self.title = title
        self.level = level
        self.check = check
        self.citation = citation
    }

    /// Required, recommended or informational, from the level.
    package var severity: ClauseSeverity { level.severity }
}
