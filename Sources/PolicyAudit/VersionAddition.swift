/// What `PolicyLibrary.add` did: stored a new version, or found the identical one.
package struct VersionAddition: Sendable, Equatable {
    /// The stored version (new or existing).
    package var version: StoredVersion
    /// Whether a new version was stored.
    package var isNew: Bool
    /// For a new version whose definition repeats an earlier one (a rollback), that earlier version.
    package var repeats: StoredVersion?
}
