/// An immutable, numbered version of a named policy, as stored in `policy_version`.
package struct StoredVersion: Sendable, Equatable, Hashable {
    /// Row id of the version (`policy_version.id`), used by runs and attempts.
    package var id: Int64
    /// The policy's name.
    package var name: String
    /// Version number, 1 for the first definition of a name.
    package var number: Int
    /// Canonical JSON of the whole policy.
    package var definition: String
    /// SHA-256 hex of `definition`'s UTF-8 bytes; identical definitions share one version.
    package var definitionSHA256: String
    /// First day (ISO-8601 date or timestamp, UTC) on which the version applies.
    package var effectiveFrom: String
    /// When the version was stored (ISO-8601 UTC).
    package var createdAt: String
    /// Free-text note given when the version was added.
    package var note: String?

    /// Creates a record.
    package init(
        id: Int64, name: String, number: Int, definition: String, definitionSHA256: String, effectiveFrom: String,
        createdAt: String, note: String?
    ) {
        self.id = id
        self.name = name
        self.number = number
        self.definition = definition
        self.definitionSHA256 = definitionSHA256
        self.effectiveFrom = effectiveFrom
        self.createdAt = createdAt
        self.note = note
    }

    /// `name@number`, e.g. `corp@3`: how users refer to a version.
    package var reference: String { "\(name)@\(number)" }
}
