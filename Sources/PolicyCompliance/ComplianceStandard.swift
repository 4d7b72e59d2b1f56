/// A standard as data: its id as typed on the command line, the edition evaluated, its source, its clauses.
package struct ComplianceStandard: Sendable, Equatable {
    /// The id users pass to `--standard`, e.g. `nist-800-63b-4`.
    package var id: String
    /// Its full title, e.g. "NIST SP 800-63B-4 (final, 2025)".
    package var title: String
    /// The edition evaluated, recorded with every answer (standards.md §11), e.g. `nist63b4-final-2025`.
    package var edition: String
    /// Where the clause text comes from, and how reliable that is (primary, transcription, secondary).
    package var source: String
    /// The clauses, in the standard's order.
    package var clauses: [ComplianceClause]

    /// Creates a standard whose clauses' wording was obtained as `wording` unless a clause says otherwise.
    package init(
        id: String, title: String, edition: String, source: String, wording: ClauseSource.Wording,
        clauses: [ComplianceClause]
    ) {
        self.id = id
        self.title = title
        self.edition = edition
        self.source = source
        self.clauses = clauses.map { $0.sourced(edition: edition, wording: wording) }
    }
}
