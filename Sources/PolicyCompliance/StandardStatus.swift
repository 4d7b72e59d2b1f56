/// One standard's overall answer for one policy version: the colour of its tile.
package enum StandardStatus: String, Sendable, Equatable, Codable, CaseIterable {
    /// Green: no required clause fails or is unknown, and no recommended clause fails.
    case complies
    /// Yellow: no required clause fails, but a recommended one fails or a required one is unknown.
    case warnings
    /// Red: at least one required clause fails.
    case fails

    /// The tile colour: `green`, `yellow` or `red`.
    package var colour: String {
        switch self {
        case .complies: "green"
        case .warnings: "yellow"
        case .fails: "red"
        }
    }
}
