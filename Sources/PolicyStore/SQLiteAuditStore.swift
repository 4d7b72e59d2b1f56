import AuditCrypto
import AuditRepositories

/// The SQLite audit store: the repositories, transactions and attempt writers of one open, migrated `Database`.
package final class SQLiteAuditStore: AuditStore {
    /// The connection every repository of this store uses.
    package let database: Database
    package let policies: any PolicyRepository
    package let runs: any RunRepository
    package let summaries: any SummaryRepository
    package let findings: any ComplianceFindingRepository
    package let queries: any QueryRunner
    package let pruner: any RunPruner
    /// Large word lists, once per distinct content (`word_list`).
    package let wordLists: any WordListRepository
    /// Directory audits' accounts and summaries (`directory_account`, `run_directory_summary`).
    package let directory: any DirectoryRepository

    /// A store over `database`, which must be migrated (`Migrator.migrate`, or `verifyCurrent` when read-only).
    package init(database: Database) {
        self.database = database
        policies = SQLitePolicyRepository(database: database)
        runs = SQLiteRunRepository(database: database)
        summaries = SQLiteSummaryRepository(database: database)
        findings = SQLiteComplianceFindingRepository(database: database)
        queries = SQLiteQueryRunner(database: database)
        pruner = SQLiteRunPruner(database: database)
        wordLists = SQLiteWordListRepository(database: database)
        directory = SQLiteDirectoryRepository(database: database)
    }

    package var isReadOnly: Bool { database.isReadOnly }
    /// None: a database file has no roles or grants to set up.
    package var setupNotes: [String] { [] }

    package func inTransaction<Result>(_ body: () throws -> Result) throws -> Result {
        try database.inTransaction(body)
    }

    package func makeAttemptWriter() throws -> any AttemptBatchWriter { try AttemptWriter(database: database) }

    package func insertOutcomes(runID: Int64, versionID: Int64, candidateIDs: [Int64], masks: [UInt64]) throws {
        try AttemptWriter(database: database).insertOutcomes(
            runID: runID, versionID: versionID, candidateIDs: candidateIDs, masks: masks)
    }

    package func holdsCandidates() throws -> Bool { try Self.holdsCandidates(database) }

    /// Whether `database` holds any candidate: the question the key check asks before it replaces a check value.
    static func holdsCandidates(_ database: Database) throws(SQLiteError) -> Bool {
        let statement = try database.cachedStatement("SELECT EXISTS (SELECT 1 FROM candidate)")
        defer { statement.reset() }
        return try statement.step() && statement.int(at: 0) == 1
    }

    package func verifyFingerprintKey(_ key: HMACSHA256Key, keyPath: String) throws {
        try FingerprintKeyCheck.verify(key, keyPath: keyPath, database: database)
    }
}
