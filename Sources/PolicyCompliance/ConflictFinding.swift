/// A known conflict as it shows in one policy version: which side's clauses the policy meets and which it fails.
package struct ConflictFinding: Sendable, Equatable, Encodable {
    /// The conflict's id, e.g. `C1`.
    package var conflict: String
    /// Its topic.
    package var topic: String
    /// The evaluated clauses on side A that fail.
    package var sideAFailing: [String]
    /// The evaluated clauses on side A that pass.
    package var sideAPassing: [String]
    /// The evaluated clauses on side B that fail.
    package var sideBFailing: [String]
    /// The evaluated clauses on side B that pass.
    package var sideBPassing: [String]
    /// Whether and how one policy can meet both sides.
    package var resolution: String

    /// Creates a finding.
    package init(
        _ conflict: StandardConflict, sideA: [ClauseFinding], sideB: [ClauseFinding]
    ) {
        self.conflict = conflict.id
        topic = conflict.topic
        sideAFailing = sideA.filter { $0.verdict == .fail }.map(\.clause)
        sideAPassing = sideA.filter { $0.verdict == .pass }.map(\.clause)
        sideBFailing = sideB.filter { $0.verdict == .fail }.map(\.clause)
        sideBPassing = sideB.filter { $0.verdict == .pass }.map(\.clause)
        self.resolution = conflict.resolution
    }

    /// Whether the policy meets a clause on one side and fails one on the other: the standards pull it apart.
    package var isActive: Bool { pullsTowardA || pullsTowardB }

    /// The policy meets side A and fails side B.
    private var pullsTowardA: Bool { !sideAPassing.isEmpty && !sideBFailing.isEmpty }

    /// The policy meets side B and fails side A.
    private var pullsTowardB: Bool { !sideBPassing.isEmpty && !sideAFailing.isEmpty }

    /// One sentence, e.g. "C1 Composition rules: meets pci401.8_3_6.alpha_and_numeric and fails
    /// nist63b4.no_composition_rules (…)".
    package var summary: String {
        guard isActive else { return "\(conflict) \(topic): not in tension for this policy (\(resolution))" }
        let (met, failed) = pullsTowardA ? (sideAPassing, sideBFailing) : (sideBPassing, sideAFailing)
        return "\(conflict) \(topic): meets \(met.joined(separator: ", ")) and fails \(failed.joined(separator: ", ")) "
            + "(\(resolution))"
    }

    private enum CodingKeys: String, CodingKey {
        case conflict, topic, resolution, active
        case sideAFailing = "side_a_failing"
        case sideAPassing = "side_a_passing"
        case sideBFailing = "side_b_failing"
        case sideBPassing = "side_b_passing"
    }

    /// Encodes the finding with its derived `active` flag.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(conflict, forKey: .conflict)
        try container.encode(topic, forKey: .topic)
        try container.encode(isActive, forKey: .active)
        try container.encode(sideAFailing, forKey: .sideAFailing)
        try container.encode(sideAPassing, forKey: .sideAPassing)
        try container.encode(sideBFailing, forKey: .sideBFailing)
        try container.encode(sideBPassing, forKey: .sideBPassing)
        try container.encode(resolution, forKey: .resolution)
    }
}
