/// One clause of a standard, as data: what it says, how strongly, what it checks, where it is written and how sure
/// pwaudit is of its wording.
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
    /// The lowest OWASP ASVS level the item applies at (it applies at every higher one); nil outside ASVS.
    package var asvsLevel: Int?
    /// The clause's source record; its edition and wording are the standard's unless the clause says otherwise.
    package var source: ClauseSource
    private var ownWording: ClauseSource.Wording?

    /// Creates a clause.
    ///
    /// - Parameters:
    ///   - asvsLevel: The ASVS level the item is marked from (1 when it applies at every level).
    ///   - wording: How this clause's wording was obtained, when it differs from the standard's.
    ///   - unconfirmed: Why the clause's wording is not confirmed, when it is not: such a clause warns but never fails.
    package init(
        _ id: String, _ title: String, _ level: ClauseLevel, _ check: ClauseCheck, cite citation: String,
        asvsLevel: Int? = nil, wording: ClauseSource.Wording? = nil, unconfirmed: String? = nil
    ) {
        self.id = id
        self.title = title
        self.level = level
        self.check = check
        self.citation = citation
        self.asvsLevel = asvsLevel
        ownWording = wording
        source = ClauseSource(
            edition: "", section: citation, wording: wording ?? .primary, unconfirmedBecause: unconfirmed)
    }

    /// The clause as a standard of `edition` read with `wording` holds it.
    func sourced(edition: String, wording: ClauseSource.Wording) -> ComplianceClause {
        var clause = self
        clause.source.edition = edition
        clause.source.wording = ownWording ?? wording
        return clause
    }

    /// Required, recommended or informational, from the level; a clause whose wording is not confirmed is at most
    /// recommended, so that it can warn but never fail a policy.
    package var severity: ClauseSeverity {
        source.isConfirmed ? level.severity : max(level.severity, .recommended)
    }

    /// What the clause finds in `facts`: not applicable below its ASVS level, else its check's outcome.
    package func outcome(_ facts: PolicyFacts) -> ClauseOutcome {
        if let asvsLevel {
            let level = facts.asvsLevel ?? 1
            if level < asvsLevel {
                let declared = facts.asvsLevel == nil ? " (compliance.asvs-level not declared: level 1 assumed)" : ""
                return ClauseOutcome(
                    .notApplicable, policy: "application level \(level)\(declared)",
                    required: "from ASVS level \(asvsLevel)")
            }
        }
        return check.evaluate(facts)
    }
}
