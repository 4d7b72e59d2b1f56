/// What `SQLitePolicyRepository.add` stored, or found already stored.
package struct PolicyAddition: Sendable, Equatable {
    /// The version now standing for the definition: the new one, or the identical one already stored.
    package var version: PolicyVersionRecord
    /// Whether `version` was added by this call.
    package var isNew: Bool
    /// For a rollback, the earlier version whose definition the new one repeats; else nil.
    package var repeats: PolicyVersionRecord?

    /// Creates a result.
    package init(version: PolicyVersionRecord, isNew: Bool, repeats: PolicyVersionRecord?) {
        self.version = version
        self.isNew = isNew
        self.repeats = repeats
    }
}
