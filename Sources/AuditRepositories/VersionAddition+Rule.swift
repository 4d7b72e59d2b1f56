import AuditTime

extension VersionAddition {
    /// Decides what adding a definition to a policy does, from the versions the policy already has: the one versioning
    /// rule every store applies, inside the transaction that reads those versions and stores the new one.
    ///
    /// A definition identical to a version stored with the same `effectiveFrom` (compared as instants: `2026-03-01`
    /// and `2026-03-01T00:00:00Z` are one date) is that version. Else one identical to the latest version is that
    /// version (the call's `effectiveFrom` and `note` are ignored). One identical to an earlier version is a
    /// *rollback* when `effectiveFrom` is given: stored as the next version, repeating the earlier one (`repeats`),
    /// with a note saying so; with no date the earlier version is returned. Anything else is stored as the next
    /// version, in force from `effectiveFrom` (as canonical UTC text) or, when none is given, from today's midnight
    /// UTC.
    /// - Parameters:
    ///   - latest: The policy's newest version, nil for a policy without one.
    ///   - sameDefinition: The policy's versions whose definition has the new one's SHA-256, in any order.
    ///   - effectiveFrom: The ISO-8601 UTC date or timestamp the call gives, nil when none.
    ///   - note: The call's note.
    ///   - now: The current time, whose UTC day starts a version given no date.
    ///   - store: Stores the definition as version `number` in force from `effectiveFrom` with `note`, and returns it.
    package init(
        latest: StoredVersion?, sameDefinition: [StoredVersion], effectiveFrom: String?, note: String?, now: UTCInstant,
        storingNew store: (_ number: Int, _ effectiveFrom: String, _ note: String?) throws -> StoredVersion
    ) rethrows {
        let date = effectiveFrom.map(Self.canonical)
        let newestFirst = sameDefinition.sorted { $0.number > $1.number }
        if let date, let sameDate = newestFirst.first(where: { Self.canonical($0.effectiveFrom) == date }) {
            self.init(version: sameDate, isNew: false, repeats: nil)
            return
        }
        if let existing = newestFirst.first, existing.id == latest?.id || date == nil {
            self.init(version: existing, isNew: false, repeats: nil)
            return
        }
        let repeats = newestFirst.first
        let stored = try store(
            (latest?.number ?? 0) + 1, date ?? now.startOfDay.text,
            repeats.map { "rollback: repeats \($0.reference)" + (note.map { "; \($0)" } ?? "") } ?? note)
        self.init(version: stored, isNew: true, repeats: repeats)
    }

    /// A time as canonical UTC text (`2026-03-01` → `2026-03-01T00:00:00Z`); text that is not a time, as it is.
    private static func canonical(_ time: String) -> String { UTCInstant.read(time)?.instant.text ?? time }
}
