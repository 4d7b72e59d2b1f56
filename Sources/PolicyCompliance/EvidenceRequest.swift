/// The figure from a stored run that belongs beside a clause's verdict (issue 12 item 3).
package enum EvidenceRequest: Sendable, Equatable, Codable {
    /// How many of the run's candidates are shorter than `minimum` code points (what a compliant minimum blocks).
    case candidatesShorterThan(minimum: Int)
    /// How many of the run's candidates the version's blocklist rules refused.
    case blocklistRefusals(ruleIDs: [String])

    private enum CodingKeys: String, CodingKey {
        case kind, minimum
        case ruleIDs = "rule_ids"
    }

    /// Decodes `{"kind": "shorter-than-minimum", "minimum": 15}` or `{"kind": "blocklist-refusals", "rule_ids": […]}`.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .kind) {
        case "shorter-than-minimum":
            self = .candidatesShorterThan(minimum: try container.decode(Int.self, forKey: .minimum))
        case "blocklist-refusals":
            self = .blocklistRefusals(ruleIDs: try container.decode([String].self, forKey: .ruleIDs))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "unknown evidence kind \(other)")
        }
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
        }
    }
}
