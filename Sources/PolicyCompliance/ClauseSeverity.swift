/// How much a failing clause matters: a standard is met when no required clause fails.
package enum ClauseSeverity: String, Sendable, Equatable, Codable, CaseIterable, Comparable {
    /// SHALL / SHALL NOT: a failure means the policy does not comply.
    case required
    /// SHOULD / SHOULD NOT: a failure is a warning.
    case recommended
    /// MAY: reported, never a failure.
    case informational

    /// Orders required before recommended before informational.
    package static func < (lhs: ClauseSeverity, rhs: ClauseSeverity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
