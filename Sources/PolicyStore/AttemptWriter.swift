import AuditCrypto
import AuditRepositories

/// Bulk writer for imports and rescores: candidates, their attempts and rejected rows, in large transactions.
///
/// It has one way in per job. The importer hands it whole `CandidateBatch`es (`insert(_:runID:versionIDs:)`) and
/// rejected rows (`insertRejected`); a rescore hands it the outcomes of stored candidates under a version added to
/// their run (`insertOutcomes`). Both reach the same `attempt_row` statement.
///
/// Outcomes inline (schema 2): an attempt under a version that has a slot in its run (`import_run_policy.slot`, the
/// run's first four versions) is stored in `candidate.mask_<slot>` of the candidate's own row, so the common import
/// writes one row per candidate; other versions go to `attempt_row`. The `attempt` view shows both alike.
///
/// Rows are written in multi-row INSERT statements (`MultiRowInsert`) inside `BEGIN IMMEDIATE` transactions of about
/// `rowsPerTransaction` rows (<https://www.sqlite.org/faq.html#q19>). Candidate ids are assigned by the writer
/// (`CandidateID`: run id in the high 32 bits, ordinal in the low). Only one writer may write candidates of a given
/// run.
///
/// Foreign keys: SQLite's per-row foreign-key checks cost about a third of the insert time, so the writer turns
/// `PRAGMA foreign_keys` off for its own transactions and enforces the same rules itself, in memory: the run must
/// exist and be `running`, and an attempt's version must be one the run scores (`import_run_policy`). Violations
/// throw `SQLiteError` with `SQLITE_CONSTRAINT_FOREIGNKEY`, at the offending call. The pragma is restored when the
/// transaction ends.
///
/// Any error rolls back the open transaction and discards buffered rows; batches committed earlier stay, so the caller
/// marks the run `failed` (`SQLiteRunRepository.fail`) or deletes it. Dropping the writer without `finish()` does
/// the same. One writer per connection at a time; not `Sendable`.
package final class AttemptWriter: AttemptBatchWriter {
    struct PendingAttempt {
        var candidateID: Int64
        var versionID: Int64
        var failedMask: Int64
        var unlocksReset: Int64
    }

    /// Default rows (candidates + attempts + rejects) per transaction.
    package static let defaultRowsPerTransaction = 50_000

    let database: Database
    let rowsPerTransaction: Int
    let candidateInsert: MultiRowInsert
    let attemptInsert: MultiRowInsert
    private let rejectedStatement: Statement
    var attempts: [PendingAttempt] = []
    var rowsInTransaction = 0
    private(set) var ownsTransaction = false
    /// Per run checked by `checkRun`: the next candidate id to assign.
    var nextIDs: [Int64: Int64] = [:]
    var allowedVersions: Set<Int64> = []
    /// Per run: version id → inline slot (0…3), for versions whose outcomes live in `candidate.mask_<slot>`.
    var slots: [Int64: [Int64: Int]] = [:]

    /// Creates a writer on `database`, which must be migrated. The import's writes open the writer's own
    /// transactions, outside any other; a rescore's (`insertOutcomes`) run inside the caller's.
    /// - Parameters:
    ///   - rowsPerTransaction: Rows written between commits.
    ///   - candidatesPerStatement: Candidates per multi-row INSERT (attempts use twice as many); 1 disables batching.
    package init(
        database: Database, rowsPerTransaction: Int = defaultRowsPerTransaction, candidatesPerStatement: Int = 64
    ) throws(SQLiteError) {
        precondition(rowsPerTransaction > 0 && candidatesPerStatement > 0, "batch sizes must be positive")
        self.database = database
        self.rowsPerTransaction = rowsPerTransaction
        candidateInsert = try MultiRowInsert(
            database: database,
            head: """
                INSERT INTO candidate (id, run_id, line, external_id, username, submitted_at, fingerprint, length,
                    upper_count, lower_count, digit_count, special_count, other_letter_count, space_count, other_count,
                    mask_0, mask_1, mask_2, mask_3, strength_score, strength_log10)
                """,
            columns: 21, rowsPerStatement: candidatesPerStatement)
        attemptInsert = try MultiRowInsert(
            database: database,
            head: "INSERT INTO attempt_row (candidate_id, policy_version_id, failed_mask, unlocks_reset)",
            columns: 4, rowsPerStatement: candidatesPerStatement * 2)
        rejectedStatement = try database.makeStatement(
            "INSERT INTO rejected_row (run_id, line, reason) VALUES (?1, ?2, ?3)")
        attempts.reserveCapacity(attemptInsert.rowsPerStatement * 4)
    }

    deinit { abandon() }

    /// Records that source line `line` was rejected, with a reason code; never the row's content.
    package func insertRejected(runID: Int64, line: Int, reason: String) throws(SQLiteError) {
        try beginIfNeeded()
        if nextIDs[runID] == nil { try guarded { () throws(SQLiteError) in try checkRun(runID) } }
        rejectedStatement.bind(runID, at: 1)
        rejectedStatement.bind(Int64(line), at: 2)
        rejectedStatement.bind(reason, at: 3)
        try guarded(rejectedStatement.execute)
        try rowWritten()
    }

    /// Writes every buffered row and commits. Call after the last row; the writer may be used again afterwards.
    package func finish() throws(SQLiteError) {
        guard ownsTransaction else { return }
        try guarded { () throws(SQLiteError) in
            try flushAttempts(all: true)
            try database.execute("COMMIT")
        }
        ownsTransaction = false
        rowsInTransaction = 0
        try database.execute("PRAGMA foreign_keys = ON")
    }

    /// Rolls back the open transaction, drops buffered rows and restores foreign-key enforcement (what was committed
    /// stays).
    package func abandon() {
        attempts.removeAll()
        if ownsTransaction {
            if database.isInsideTransaction { try? database.execute("ROLLBACK") }
            ownsTransaction = false
            rowsInTransaction = 0
            try? database.execute("PRAGMA foreign_keys = ON")
        }
    }

    func guarded<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        do {
            return try body()
        } catch {
            abandon()
            throw error
        }
    }

    func beginIfNeeded() throws(SQLiteError) {
        guard !ownsTransaction else { return }
        precondition(!database.isInsideTransaction, "AttemptWriter needs a connection outside any transaction")
        // Must precede BEGIN: the pragma is a no-op inside a transaction.
        // https://www.sqlite.org/pragma.html#pragma_foreign_keys
        try database.execute("PRAGMA foreign_keys = OFF")
        do {
            try database.execute("BEGIN IMMEDIATE")
        } catch {
            try? database.execute("PRAGMA foreign_keys = ON")
            throw error
        }
        ownsTransaction = true
    }

    private func rowWritten() throws(SQLiteError) {
        rowsInTransaction += 1
        if rowsInTransaction >= rowsPerTransaction { try finish() }
    }

    /// Inserts buffered attempts in full statements; with `all`, the remainder too.
    func flushAttempts(all: Bool) throws(SQLiteError) {
        let perStatement = attemptInsert.rowsPerStatement
        let count = all ? attempts.count : attempts.count - attempts.count % perStatement
        guard count > 0 else { return }
        try attemptInsert.insert(count: count) { statement, row, base in
            let attempt = attempts[row]
            statement.bind(attempt.candidateID, at: base)
            statement.bind(attempt.versionID, at: base + 1)
            statement.bind(attempt.failedMask, at: base + 2)
            statement.bind(attempt.unlocksReset, at: base + 3)
        }
        attempts.removeFirst(count)
    }
}
