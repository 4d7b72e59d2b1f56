import AuditTime

/// Stored policy versions, as the use cases need them: `PolicyLibrary` and the report builders hold one.
package protocol PolicyRepository {
    /// Stores a new immutable version of `name`, or returns the identical existing one, as
    /// `VersionAddition.init(latest:sameDefinition:effectiveFrom:note:now:storingNew:)` decides.
    /// - Parameters:
    ///   - definition: Canonical JSON of the policy.
    ///   - definitionSHA256: SHA-256 hex of `definition`'s UTF-8 bytes.
    ///   - rules: The version's rules; `bit` must be 0…63 and unique.
    ///   - effectiveFrom: ISO-8601 UTC date (`2026-03-01`) or timestamp from which the version is in force; nil when
    ///     not given (a new version then starts today, UTC).
    ///   - note: Free text stored with a new version.
    func add(
        name: String, definition: String, definitionSHA256: String, rules: [PolicyRuleRow], effectiveFrom: String?,
        note: String?
    ) throws -> VersionAddition
    /// Every stored version, by name then number.
    func list() throws -> [StoredVersion]
    /// The latest version of `name`, if any.
    func latest(name: String) throws -> StoredVersion?
    /// Version `number` of `name`, if any.
    func version(name: String, number: Int) throws -> StoredVersion?
    /// The version with id `id`, if any.
    func version(id: Int64) throws -> StoredVersion?
    /// The latest version of every stored policy.
    func latestOfEveryPolicy() throws -> [StoredVersion]
    /// The version of `name` in force at `instant` (greatest `effectiveFrom` not after it, ties to the higher number).
    func inForce(name: String, at instant: UTCInstant) throws -> StoredVersion?
    /// The rules of version `versionID`, by bit.
    func rules(versionID: Int64) throws -> [PolicyRuleRow]
}
