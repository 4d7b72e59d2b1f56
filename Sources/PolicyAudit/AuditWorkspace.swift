import AuditCrypto
import AuditRepositories

/// An open, migrated audit store with its repositories: the entry point of every use case that persists.
///
/// It is given the store's address and an `AuditStoreProvider` (the executable's choice) and hands the use cases an
/// `AuditStore`, which is all they know of it: PolicyAudit names no store module.
package final class AuditWorkspace {
    /// Where the store and key live.
    package let location: AuditLocation
    /// The open store (not shared across threads); the use cases' own, never handed to the CLI.
    let store: any AuditStore

    /// Policy versions.
    var policies: any PolicyRepository { store.policies }
    /// Import runs.
    var runs: any RunRepository { store.runs }
    /// Per-run summaries.
    var summaries: any SummaryRepository { store.summaries }
    /// Read-only SQL (`pwaudit query`).
    var queries: any QueryRunner { store.queries }
    /// Retention (`pwaudit prune`).
    var pruner: any RunPruner { store.pruner }
    /// Directory audits' accounts and summaries, for the directory use cases (DirectoryAudit).
    package var directory: any DirectoryRepository { store.directory }

    /// The store's own files on this machine (a database and its journals; none for a server), which the key may
    /// not be.
    private let storeFiles: [ProtectedFile]

    private init(location: AuditLocation, store: any AuditStore, stores: any AuditStoreProvider) {
        self.location = location
        self.store = store
        storeFiles = stores.localFiles(of: location.address)
    }

    /// Opens an existing pwaudit store for writing and brings an older pwaudit schema up to date
    /// (`StoreOpenIntent.write`): nothing is written to what is not a pwaudit store.
    /// - Throws: `AuditStoreError.databaseMissing`, `.notAPwauditDatabase`, and the store's own errors (not a database,
    ///   corrupt, newer schema, edited migration).
    package static func open(_ location: AuditLocation, stores: any AuditStoreProvider) throws -> AuditWorkspace {
        let store = try stores.open(location.address, intent: .write)
        return AuditWorkspace(location: location, store: store, stores: stores).refreshingFindings()
    }

    /// Opens an existing pwaudit store read-only (`StoreOpenIntent.read`): for the commands that only read. It works
    /// while an import writes; it never migrates.
    /// - Throws: as `open`, and `AuditStoreError.schemaNeedsMigration` for an older pwaudit schema.
    package static func openReadOnly(_ location: AuditLocation, stores: any AuditStoreProvider) throws
        -> AuditWorkspace
    {
        AuditWorkspace(location: location, store: try stores.open(location.address, intent: .read), stores: stores)
    }

    /// Creates (or upgrades) the store and makes sure its key exists, never replacing a key that stored
    /// fingerprints depend on, and never adding pwaudit's tables to another application's database.
    ///
    /// A key path that is one of the store's files (the database or one of its journals) by name, symbolic link or hard
    /// link, a symbolic link to nothing and anything but a regular file are refused before anything is created; so is
    /// a store that keeps no key beside it (a server) when no key file is named.
    /// - Returns: The workspace and whether a new key was written.
    package static func initialize(_ location: AuditLocation, stores: any AuditStoreProvider) throws -> (
        workspace: AuditWorkspace, createdKey: Bool
    ) {
        let keyPath = try location.requiredKeyPath()
        let storeExisted = try stores.storeExists(at: location.address)
        try checkKeyIsNotStore(keyPath, storeFiles: stores.localFiles(of: location.address))
        let keyExists = try FingerprintKeyStore.exists(at: keyPath)
        if !storeExisted && keyExists { throw AuditStoreError.orphanKey(keyPath: keyPath) }
        let store = try stores.open(location.address, intent: .create)
        let workspace = AuditWorkspace(location: location, store: store, stores: stores).refreshingFindings()
        if keyExists {
            _ = try workspace.fingerprintKey()
            return (workspace, false)
        }
        if try workspace.store.holdsCandidates() {
            throw AuditStoreError.keyLostForExistingData(keyPath: keyPath)
        }
        try FingerprintKeyStore.create(at: keyPath)
        _ = try workspace.fingerprintKey()
        return (workspace, true)
    }

    /// Loads the fingerprint key of this store and checks it against the store's key check value
    /// (`AuditStore.verifyFingerprintKey`), storing that value on first use (a database from before schema 4 gets it
    /// now).
    /// - Throws: `AuditStoreError.keyFileRequired` (no key file named for a server), `FingerprintKeyError` (missing,
    ///   wrong size, unreadable, `.doesNotMatchDatabase`), the store's errors.
    package func fingerprintKey() throws -> HMACSHA256Key {
        let keyPath = try location.requiredKeyPath()
        try Self.checkKeyIsNotStore(keyPath, storeFiles: storeFiles)
        let key = try FingerprintKeyStore.load(at: keyPath)
        if !store.isReadOnly { try store.verifyFingerprintKey(key, keyPath: keyPath) }
        return key
    }

    /// Refuses a key path that is one of the store's own files (the database or one of its journals): by name,
    /// through a symbolic link (also one to a file not created yet) or a hard link.
    /// - Throws: `OutputFileError.clash` (usage, 64) naming `--key-file` and what the path is.
    private static func checkKeyIsNotStore(_ keyPath: String, storeFiles: [ProtectedFile]) throws(OutputFileError) {
        try OutputFile.checkClashes(path: keyPath, option: "--key-file", protected: storeFiles)
    }

    /// What creating the store did beyond its schema, for `init` to print line by line (`AuditStore.setupNotes`): a
    /// server's roles created, or the SQL an administrator should run; empty for a database file.
    package var setupNotes: [String] { store.setupNotes }

    /// The key file's permission bits when group or others may read or write it, else nil (also when no key file is
    /// named).
    package var exposedKeyMode: Int? { location.keyPath.flatMap(FingerprintKeyStore.exposedMode(at:)) }

    /// The workspace after bringing the stored versions' compliance findings up to this pwaudit (after an upgrade or
    /// the migration to schema 6). It is best effort: a database another process is writing to keeps the findings it
    /// has, and the next command that opens it for writing tries again.
    private func refreshingFindings() -> AuditWorkspace {
        try? ComplianceFindingRefresh(workspace: self).refresh()
        return self
    }
}
