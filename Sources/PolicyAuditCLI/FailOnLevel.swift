import PolicyCompliance

/// `--fail-on`'s value: the clause severity whose failure ends `compliance` with exit 1.
enum FailOnLevel: String, Sendable, CaseIterable {
    /// A failing SHALL / SHALL NOT clause (required).
    case shall
    /// A failing SHALL or SHOULD clause (required or recommended).
    case should
    /// Never: exit 0 whatever fails.
    case never

    /// The least severe failing severity that counts; nil for `never`.
    var threshold: ClauseSeverity? {
        switch self {
        case .shall: .required
        case .should: .recommended
        case .never: nil
        }
    }
}
