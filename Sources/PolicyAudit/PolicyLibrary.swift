import AuditCrypto
import AuditRepositories
import AuditTime
import Foundation
import PasswordPolicy

/// The use cases around stored policy versions: add, look up, compare, and the version in force on a date.
package struct PolicyLibrary {
    private let workspace: AuditWorkspace
    private var repository: any PolicyRepository { workspace.policies }
    private var store: any AuditStore { workspace.store }

    /// A library over the workspace's policy repository.
    package init(workspace: AuditWorkspace) { self.workspace = workspace }

    /// Stores `policy` (file lists already inlined) as a new immutable version, or returns the identical one; a
    /// definition identical to an earlier version with another `effectiveFrom` is a rollback, stored as the next
    /// version (the rule every store applies, `VersionAddition`'s `init(latest:sameDefinition:…)`).
    /// - Parameters:
    ///   - effectiveFrom: Normalized ISO-8601 UTC timestamp from which the version is in force; nil when not given.
    package func add(
        _ policy: PasswordPolicy, effectiveFrom: String?, note: String?
    ) throws -> VersionAddition {
        let definition = policy.canonicalJSON()
        let rules = policy.rules.enumerated().map { bit, rule in
            PolicyRuleRow(
                bit: bit, ruleID: rule.id, kind: rule.kind.name, label: rule.label, definition: rule.canonicalJSON())
        }
        // The lists' entries and the version land together; a list already stored (by SHA-256) is kept once.
        let added = try store.inTransaction {
            for file in policy.storedListFiles {
                guard let entries = file.entries else { continue }
                try store.wordLists.store(sha256: file.sha256, entryCount: entries.count, entries: entries.joinedUTF8)
            }
            return try repository.add(
                name: policy.name, definition: definition, definitionSHA256: SHA256.hexDigest(utf8: definition),
                rules: rules, effectiveFrom: effectiveFrom, note: note)
        }
        if added.isNew { try ComplianceFindingRefresh(workspace: workspace).record(added.version) }
        return added
    }

    /// Every stored version, by name then number.
    package func list() throws -> [StoredVersion] { try repository.list() }

    /// The version `reference` names (`NAME` = latest).
    /// - Throws: `AuditStoreError.unknownPolicy` when there is none.
    package func version(_ reference: PolicyReference) throws -> StoredVersion {
        let found =
            if let number = reference.version {
                try repository.version(name: reference.name, number: number)
            } else {
                try repository.latest(name: reference.name)
            }
        guard let found else { throw AuditStoreError.unknownPolicy(reference: reference.description) }
        return found
    }

    /// The version of `name` in force at `instant` (greatest `effective_from` not after it).
    package func version(named name: String, inForceAt instant: UTCInstant) throws -> StoredVersion {
        guard try repository.latest(name: name) != nil else { throw AuditStoreError.unknownPolicy(reference: name) }
        guard let found = try repository.inForce(name: name, at: instant) else {
            throw AuditStoreError.noVersionInForce(name: name, date: instant.dayText)
        }
        return found
    }

    /// The latest version of every stored policy.
    package func latestOfEveryPolicy() throws -> [StoredVersion] {
        try repository.latestOfEveryPolicy()
    }

    /// How many rules a stored version has.
    package func ruleCount(of version: StoredVersion) throws -> Int {
        try repository.rules(versionID: version.id).count
    }

    /// Parses a stored version's canonical definition back into a policy, with the entries of the word lists it
    /// names by reference from the store (once per process: `WordListCache`).
    /// - Throws: `AuditStoreError.missingWordList` when the store lacks one.
    package func policy(of version: StoredVersion) throws -> PasswordPolicy {
        let wordLists = store.wordLists
        return try PasswordPolicy(json: Data(version.definition.utf8)).attachingListEntries { file in
            let entries = try WordListCache.shared.entries(sha256: file.sha256) {
                try wordLists.list(sha256: file.sha256).map {
                    BlocklistEntries(joinedUTF8: $0.entries, count: $0.entryCount)
                }
            }
            guard let entries else { throw AuditStoreError.missingWordList(name: file.name) }
            return entries
        }
    }
}
