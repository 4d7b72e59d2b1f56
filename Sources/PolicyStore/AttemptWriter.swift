import AuditCrypto

/// Bulk writer for one import: candidates, their attempts and rejected rows, in large transactions.
///
/// Prepared statements are bound and stepped directly; a transaction (`BEGIN IMMEDIATE`) opens with the first row
/// and commits every `rowsPerTransaction` rows, then once more in `finish()`. Rows written before a failure stay
/// committed, so the caller marks the run `failed` (`SQLiteRunRepository.fail`) or deletes it. Dropping the writer
/// without `finish()` rolls back the open batch. One writer per connection; not `Sendable`.
/// Batching follows <https://www.sqlite.org/faq.html#q19>.
package final class AttemptWriter {
    private let database: Database
    private let rowsPerTransaction: Int
    private let candidateStatement: Statement
    private let attemptStatement: Statement
    private let rejectedStatement: Statement
    private var rowsInTransaction = 0

    /// Default batch size: large enough that commits cost nothing measurable, small enough to bound the WAL.
    package static let defaultRowsPerTransaction = 50_000

    /// Creates a writer on `database`, which must be migrated and not inside a transaction.
    package init(database: Database, rowsPerTransaction: Int = defaultRowsPerTransaction) throws(SQLiteError) {
        precondition(rowsPerTransaction > 0, "rowsPerTransaction must be positive")
        self.database = database
        self.rowsPerTransaction = rowsPerTransaction
        candidateStatement = try database.makeStatement(
            """
            INSERT INTO candidate (run_id, line, external_id, username, submitted_at, fingerprint, length,
                upper_count, lower_count, digit_count, special_count, other_letter_count, space_count, other_count)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
            """)
        attemptStatement = try database.makeStatement(
            "INSERT INTO attempt (candidate_id, policy_version_id, failed_mask, unlocks_reset) VALUES (?1, ?2, ?3, ?4)")
        rejectedStatement = try database.makeStatement(
            "INSERT INTO rejected_row (run_id, line, reason) VALUES (?1, ?2, ?3)")
    }

    deinit {
        if rowsInTransaction > 0 || database.isInsideTransaction { try? database.execute("ROLLBACK") }
    }

    /// Inserts one candidate (never its password) and returns its id for `insertAttempt`.
    /// - Parameters:
    ///   - line: The 1-based physical line of the record's start in the source file.
    ///   - fingerprint: HMAC-SHA256 of the password under the database's key.
    @discardableResult
    package func insertCandidate(
        runID: Int64, line: Int, externalID: String?, username: String?, submittedAt: String?,
        fingerprint: Fingerprint, features: CandidateFeatureRow
    ) throws(SQLiteError) -> Int64 {
        try beginIfNeeded()
        let statement = candidateStatement
        statement.bind(runID, at: 1)
        statement.bind(Int64(line), at: 2)
        statement.bind(externalID, at: 3)
        statement.bind(username, at: 4)
        statement.bind(submittedAt, at: 5)
        fingerprint.withUnsafeBytes { statement.bind(blob: $0, at: 6) }
        statement.bind(Int64(features.length), at: 7)
        statement.bind(Int64(features.upperCount), at: 8)
        statement.bind(Int64(features.lowerCount), at: 9)
        statement.bind(Int64(features.digitCount), at: 10)
        statement.bind(Int64(features.specialCount), at: 11)
        statement.bind(Int64(features.otherLetterCount), at: 12)
        statement.bind(Int64(features.spaceCount), at: 13)
        statement.bind(Int64(features.otherCount), at: 14)
        try statement.execute()
        let id = database.lastInsertedRowID
        try rowWritten()
        return id
    }

    /// Inserts the outcome of one candidate against one policy version.
    /// - Parameters:
    ///   - failedMask: Bit `i` set when rule `i` of the version failed; stored as the same 64-bit pattern.
    ///   - unlocksReset: Whether the candidate would unlock the password reset under this version.
    package func insertAttempt(
        candidateID: Int64, versionID: Int64, failedMask: UInt64, unlocksReset: Bool
    ) throws(SQLiteError) {
        try beginIfNeeded()
        let statement = attemptStatement
        statement.bind(candidateID, at: 1)
        statement.bind(versionID, at: 2)
        statement.bind(Int64(bitPattern: failedMask), at: 3)
        statement.bind(Int64(unlocksReset ? 1 : 0), at: 4)
        try statement.execute()
        try rowWritten()
    }

    /// Records that source line `line` was rejected, with a reason code; never the row's content.
    package func insertRejected(runID: Int64, line: Int, reason: String) throws(SQLiteError) {
        try beginIfNeeded()
        rejectedStatement.bind(runID, at: 1)
        rejectedStatement.bind(Int64(line), at: 2)
        rejectedStatement.bind(reason, at: 3)
        try rejectedStatement.execute()
        try rowWritten()
    }

    /// Commits the open batch. Call once after the last row; the writer can keep writing afterwards.
    package func finish() throws(SQLiteError) {
        guard database.isInsideTransaction else { return }
        try database.execute("COMMIT")
        rowsInTransaction = 0
    }

    private func beginIfNeeded() throws(SQLiteError) {
        if rowsInTransaction == 0 && !database.isInsideTransaction {
            try database.execute("BEGIN IMMEDIATE")
        }
    }

    private func rowWritten() throws(SQLiteError) {
        rowsInTransaction += 1
        if rowsInTransaction >= rowsPerTransaction { try finish() }
    }
}
