/// The figure from a stored run that belongs beside a clause's verdict (issue 12 item 3).
package enum EvidenceRequest: Sendable, Equatable, Codable {
    /// How many of the run's candidates are shorter than `minimum` code points (what a compliant minimum blocks).
    case candidatesShorterThan(minimum: Int)
    /// How many of the run's candidates the version's blocklist rules refused.
    case blocklistRefusals(ruleIDs: [String])
}
