/// What adding a policy version did: stored a new version, or found the identical one already stored.
package struct VersionAddition: Sendable, Equatable {
    /// The version now standing for the definition: the new one, or the identical one already stored.
    package var version: StoredVersion
    /// Whether `version` was added by this call.
    package var isNew: Bool
    /// For a rollback, the earlier version whose definition the new one repeats; else nil.
    package var repeats: StoredVersion?

    /// Creates a result.
    package init(version: StoredVersion, isNew: Bool, repeats: StoredVersion?) {
        self.version = version
        self.isNew = isNew
        self.repeats = repeats
    }
}
