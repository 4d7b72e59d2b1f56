import PolicyStore

/// An immutable, numbered version of a named policy as the use cases hand it out: the CLI's view of a stored version,
/// free of the store's record types.
package struct StoredVersion: Sendable, Equatable, Hashable {
    /// The version's id, used by runs and attempts.
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

    /// `name@number`, e.g. `corp@3`: how users refer to a version.
    package var reference: String { "\(name)@\(number)" }

    /// The version a store record holds.
    init(_ record: PolicyVersionRecord) {
        (id, name, number, definition) = (record.id, record.name, record.number, record.definition)
        (definitionSHA256, effectiveFrom, createdAt, note) =
            (record.definitionSHA256, record.effectiveFrom, record.createdAt, record.note)
    }
}
