import PolicyCompliance

/// A standard as a compliance report names it: id, title, edition and where its text comes from.
package struct ComplianceStandardInfo: Sendable, Equatable, Codable {
    /// The id users pass to `--standard`.
    package var id: String
    /// Its title.
    package var title: String
    /// The edition evaluated.
    package var edition: String
    /// The source of the clause text.
    package var source: String

    /// The info of `standard`.
    package init(_ standard: ComplianceStandard) {
        id = standard.id
        title = standard.title
        edition = standard.edition
        source = standard.source
    }
}
