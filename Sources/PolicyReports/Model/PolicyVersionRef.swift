import Foundation

/// One version of a named policy, as a report refers to it: `corp@3` plus what pins it down.
package struct PolicyVersionRef: Sendable, Equatable, Codable {
    /// The policy's name (`corp`).
    package var name: String
    /// The version number (`3`).
    package var version: Int
    /// The SHA-256 of the version's canonical definition, lowercase hex.
    package var definitionSHA256: String
    /// When the version took effect; nil if it was never put in force.
    package var effectiveFrom: Date?

    /// Creates a reference to `name@version`.
    package init(name: String, version: Int, definitionSHA256: String, effectiveFrom: Date?) {
        self.name = name
        self.version = version
        self.definitionSHA256 = definitionSHA256
        self.effectiveFrom = effectiveFrom
    }

    /// The reference as users type it: `corp@3`.
    package var reference: String { "\(name)@\(version)" }

    private enum CodingKeys: String, CodingKey {
        case name, version, reference
        case definitionSHA256 = "definition_sha256"
        case effectiveFrom = "effective_from"
    }

    /// Decodes a policy object; `reference` is derived, not read.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        version = try container.decode(Int.self, forKey: .version)
        definitionSHA256 = try container.decode(String.self, forKey: .definitionSHA256)
        effectiveFrom = try container.decodeTimestampIfPresent(forKey: .effectiveFrom)
    }

    /// Encodes a policy object with its derived `reference`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(version, forKey: .version)
        try container.encode(reference, forKey: .reference)
        try container.encode(definitionSHA256, forKey: .definitionSHA256)
        try container.encodeTimestamp(effectiveFrom, forKey: .effectiveFrom)
    }
}
