/// A clause's level in the standard's own words (BSI's MUSS is `shall`, SOLLTE `should`; PCI's defined-approach
/// requirements are `shall`), and the severity it maps to.
package enum ClauseLevel: String, Sendable, Equatable, Codable, CaseIterable {
    /// SHALL, MUST, MUSS, PCI "required".
    case shall = "SHALL"
    /// SHALL NOT, MUST NOT, DÜRFEN NICHT.
    case shallNot = "SHALL NOT"
    /// SHOULD, SOLLTE, "recommended".
    case should = "SHOULD"
    /// SHOULD NOT, SOLLTE NICHT.
    case shouldNot = "SHOULD NOT"
    /// MAY, "optional": never a failure.
    case may = "MAY"

    /// What a failure at this level means: required for SHALL / SHALL NOT, recommended for SHOULD / SHOULD NOT,
    /// informational for MAY.
    package var severity: ClauseSeverity {
        switch self {
        case .shall, .shallNot: .required
        case .should, .shouldNot: .recommended
        case .may: .informational
        }
    }
}
