import AuditCrypto

/// One open audit store, as the use cases need it: its repositories, its transactions, its attempt writers and the
/// check of the fingerprint key against the store.
///
/// Each store module implements this protocol and the repositories it hands out, and an `AuditStoreProvider` opens
/// it; the use cases never name one. Not `Sendable`: a store is used by one
/// thread at a time (the import's writer thread takes it over between `makeAttemptWriter()` and the writer's
/// `finish()`).
package protocol AuditStore: AnyObject {
    /// Policy versions.
    var policies: any PolicyRepository { get }
    /// Import runs.
    var runs: any RunRepository { get }
    /// Per-run summaries.
    var summaries: any SummaryRepository { get }
    /// Each policy version's compliance findings, for `v_compliance_finding`.
    var findings: any ComplianceFindingRepository { get }
    /// Read-only SQL over the store (`pwaudit query`).
    var queries: any QueryRunner { get }
    /// Retention (`pwaudit prune`).
    var pruner: any RunPruner { get }
    /// Large word lists, once per distinct content.
    var wordLists: any WordListRepository { get }
    /// Directory audits' accounts and summaries (`pwaudit import --ntds`).
    var directory: any DirectoryRepository { get }
    /// Whether the store was opened for reading only.
    var isReadOnly: Bool { get }
    /// What opening the store to create it (`StoreOpenIntent.create`, `init`) did beyond its schema that the user
    /// should be told, one line each: a server's roles created, or the SQL left for an administrator to run. Empty when
    /// there is nothing to tell (a database file; any other intent).
    var setupNotes: [String] { get }

    /// Runs `body` as one write transaction: all of its writes land, or none. Nested calls join the outer
    /// transaction and stay atomic within it.
    /// - Returns: What `body` returns.
    func inTransaction<Result>(_ body: () throws -> Result) throws -> Result

    /// A writer for an import's candidates, attempts and rejected rows, which commits in large transactions of its
    /// own.
    func makeAttemptWriter() throws -> any AttemptBatchWriter

    /// Inserts the outcome of each stored candidate of `candidateIDs` under `versionID`, a version added to run
    /// `runID` after its import (rescore). Runs inside the caller's `inTransaction`.
    /// - Parameter masks: One failure mask per candidate; bit `i` set when rule `i` of the version failed.
    func insertOutcomes(runID: Int64, versionID: Int64, candidateIDs: [Int64], masks: [UInt64]) throws

    /// Whether the store holds any candidate (so a new fingerprint key would not match its fingerprints).
    func holdsCandidates() throws -> Bool

    /// Checks `key` against the key check value the store keeps, storing that value on first use when writable.
    /// - Throws: When `key` is not the key the store's fingerprints were made with (an error naming `keyPath`).
    func verifyFingerprintKey(_ key: HMACSHA256Key, keyPath: String) throws
}
