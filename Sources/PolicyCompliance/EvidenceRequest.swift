/// The figure from a stored run that belongs beside a clause's verdict (issue 12 item 3).
package enum EvidenceRequest: Sendable, Equatable, Encodable {
    /// How many of the run's candidates are shorter than `minimum` code points (what a compliant minimum blocks).
    case candidatesShorterThan(minimum: Int)
    /// How many of the run's candidates the version's blocklist rules refused.
    case blocklistRefusals(ruleIDs: [String])
    /// The run's stored strength estimates: how many of the candidates that unlock the reset under the version (all
    /// the candidates, when the run did not score it) zxcvbn scores 2 or less.
    case strengthScores

    private enum CodingKeys: String, CodingKey {
        case kind, minimum
        case ruleIDs = "rule_ids"
    }

    /// Encodes the request as `kind` plus its parameter.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .candidatesShorterThan(let minimum):
            try container.encode("shorter-than-minimum", forKey: .kind)
            try container.encode(minimum, forKey: .minimum)
        case .blocklistRefusals(let ruleIDs):
            try container.encode("blocklist-refusals", forKey: .kind)
            try container.encode(ruleIDs, forKey: .ruleIDs)
        case .strengthScores:
            try container.encode("strength-scores", forKey: .kind)
        }
    }
}
