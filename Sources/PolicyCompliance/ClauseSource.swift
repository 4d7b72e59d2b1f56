/// Where a clause's words are written and how far pwaudit checked them: the edition, the section, whether the wording
/// was read in the publisher's text, in a verbatim copy or only in a summary, and, when it is not confirmed, why.
package struct ClauseSource: Sendable, Equatable, Encodable {
    /// How the clause's wording was obtained.
    package enum Wording: String, Sendable, Equatable, Encodable, CaseIterable {
        /// The publisher's own text or repository.
        case primary
        /// A third party's verbatim copy of the text (cross-checked where several exist).
        case verbatimCopy = "verbatim-copy"
        /// Only summaries of the text: the values are not confirmed.
        case secondary
    }

    /// The edition the clause belongs to (the standard's `edition`).
    package var edition: String
    /// The section, e.g. "SP 800-63B-4 §3.1.1.2 item 1".
    package var section: String
    /// How the wording was obtained.
    package var wording: Wording
    /// Why the wording is not confirmed (a secondary copy, copies that disagree); nil when it is.
    package var unconfirmedBecause: String?

    /// Whether the wording was checked against the text itself (or a verbatim copy) and nothing casts doubt on it.
    package var isConfirmed: Bool { wording != .secondary && unconfirmedBecause == nil }

    private enum CodingKeys: String, CodingKey {
        case edition, section, wording, confirmed
        case unconfirmedBecause = "unconfirmed_because"
    }

    /// Encodes the source with its derived `confirmed` flag.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(edition, forKey: .edition)
        try container.encode(section, forKey: .section)
        try container.encode(wording, forKey: .wording)
        try container.encode(isConfirmed, forKey: .confirmed)
        try container.encodeIfPresent(unconfirmedBecause, forKey: .unconfirmedBecause)
    }
}
