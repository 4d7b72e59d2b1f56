import AuditCrypto
import AuditRepositories

/// The PostgreSQL audit store: the repositories, transactions and attempt writers of one connection to one database.
///
/// One connection serves everything, as one `Database` does for SQLite: the run lease is a session-level advisory
/// lock, so the attempt writer must write on the session that holds it. The fingerprint key never reaches the server;
/// only its check value (`FingerprintKeyCheckValue`) does.
package final class PostgresAuditStore: AuditStore {
    /// The connection every repository of this store uses.
    package let connection: PostgresConnection
    package let policies: any PolicyRepository
    package let runs: any RunRepository
    package let summaries: any SummaryRepository
    package let findings: any ComplianceFindingRepository
    package let queries: any QueryRunner
    package let pruner: any RunPruner
    package let wordLists: any WordListRepository
    package let directory: any DirectoryRepository
    package let isReadOnly: Bool
    /// What `init` should tell the user about the database's roles (created, or the SQL an administrator runs), when
    /// the store was opened to create.
    package private(set) var roleSetup: PostgresRoleSetup?
    /// The role setup's summary (`PostgresRoleSetup.summary`), line by line, when the store was opened to create.
    package var setupNotes: [String] {
        roleSetup.map { $0.summary.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } ?? []
    }

    /// A store over `connection`, whose database must be prepared for `intent` (`PostgresMigrator.prepare`).
    package init(connection: PostgresConnection, readOnly: Bool) {
        self.connection = connection
        isReadOnly = readOnly
        let runs = PostgresRunRepository(connection: connection)
        self.runs = runs
        policies = PostgresPolicyRepository(connection: connection)
        summaries = PostgresSummaryRepository(connection: connection)
        findings = PostgresComplianceFindingRepository(connection: connection)
        queries = PostgresQueryRunner(connection: connection)
        pruner = PostgresRunPruner(connection: connection, runs: runs)
        wordLists = PostgresWordListRepository(connection: connection)
        directory = PostgresDirectoryRepository(connection: connection)
    }

    /// Connects to `uri` and prepares its database for `intent`: `.create` migrates and sets up the writer and reader
    /// roles (`roleSetup`), `.write` upgrades an older pwaudit schema, `.read` never migrates and reads only.
    /// - Throws: `PostgresError` (the server cannot be reached, the URI is invalid: never its password),
    ///   `AuditStoreError` (not a pwaudit database, schema too old for a reader), `PostgresMigrationError`.
    package static func open(uri: String, intent: StoreOpenIntent) throws -> PostgresAuditStore {
        let connection = try PostgresConnection(uri)
        try PostgresMigrator().prepare(connection, for: intent)
        let store = PostgresAuditStore(connection: connection, readOnly: intent == .read)
        if intent == .create { store.roleSetup = try PostgresRoleSetup.ensure(on: connection) }
        return store
    }

    /// Whether the database `uri` names holds a pwaudit schema (`schema_migrations`).
    package static func exists(uri: String) throws -> Bool {
        let connection = try PostgresConnection(uri)
        let row = try connection.firstRow("SELECT to_regclass('schema_migrations') IS NOT NULL")
        return try row?.bool(at: 0) ?? false
    }

    package func inTransaction<Result>(_ body: () throws -> Result) throws -> Result {
        try connection.inTransaction(.readWrite, body)
    }

    package func makeAttemptWriter() throws -> any AttemptBatchWriter { PostgresAttemptWriter(connection: connection) }

    package func insertOutcomes(runID: Int64, versionID: Int64, candidateIDs: [Int64], masks: [UInt64]) throws {
        try PostgresAttemptWriter.insertOutcomes(
            connection: connection, runID: runID, versionID: versionID, candidateIDs: candidateIDs, masks: masks)
    }

    package func holdsCandidates() throws -> Bool {
        try connection.firstRow("SELECT EXISTS (SELECT 1 FROM candidate)")?.bool(at: 0) ?? false
    }

    package func verifyFingerprintKey(_ key: HMACSHA256Key, keyPath: String) throws {
        let value = FingerprintKeyCheckValue.value(for: key)
        let read = "SELECT check_value FROM fingerprint_key_check WHERE singleton = 1"
        if try connection.firstRow(read)?.string(at: 0) == value { return }
        try connection.inTransaction(.readWrite) {
            try connection.execute("LOCK TABLE fingerprint_key_check IN EXCLUSIVE MODE")
            let existing = try connection.firstRow(read)?.string(at: 0)
            if existing == value { return }
            if existing != nil, try holdsCandidates() { throw FingerprintKeyError.doesNotMatchDatabase(path: keyPath) }
            _ = try connection.execute(
                """
                INSERT INTO fingerprint_key_check (singleton, label, check_value, stored_at)
                VALUES (1, 'v1', $1, clock_timestamp())
                ON CONFLICT (singleton) DO UPDATE SET check_value = excluded.check_value, stored_at = excluded.stored_at
                """, [.text(value)])
        }
    }
}
