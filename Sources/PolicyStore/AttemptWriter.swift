import AuditCrypto

/// Bulk writer for one import: candidates, their attempts and rejected rows, in large transactions.
///
/// Rows are buffered and written in multi-row INSERT statements (`MultiRowInsert`) inside `BEGIN IMMEDIATE`
/// transactions of about `rowsPerTransaction` rows (<https://www.sqlite.org/faq.html#q19>). Candidate ids are
/// assigned by the writer (`CandidateID`: run id in the high 32 bits, ordinal in the low), so `insertCandidate`
/// returns at once. Only one writer may write candidates of a given run.
///
/// Foreign keys: SQLite's per-row foreign-key checks cost about a third of the insert time, so the writer turns
/// `PRAGMA foreign_keys` off for its own transactions and enforces the same rules itself, in memory: the run must
/// exist and be `running`, an attempt's candidate must have been written (by this writer or already stored), and its
/// version must be one the run scores (`import_run_policy`). Violations throw `SQLiteError` with
/// `SQLITE_CONSTRAINT_FOREIGNKEY`, at the offending call. The pragma is restored when the transaction ends.
///
/// Any error rolls back the open transaction and discards buffered rows; batches committed earlier stay, so the caller
/// marks the run `failed` (`SQLiteRunRepository.fail`) or deletes it. Dropping the writer without `finish()` does
/// the same. One writer per connection at a time; not `Sendable`.
package final class AttemptWriter {
    private struct PendingCandidate {
        var id: Int64
        var runID: Int64
        var line: Int
        var externalID: String?
        var username: String?
        var submittedAt: String?
        var fingerprint: Fingerprint
        var features: CandidateFeatureRow
    }

    private struct PendingAttempt {
        var candidateID: Int64
        var versionID: Int64
        var failedMask: Int64
        var unlocksReset: Int64
    }

    /// Default rows (candidates + attempts + rejects) per transaction.
    package static let defaultRowsPerTransaction = 50_000

    private let database: Database
    private let rowsPerTransaction: Int
    private let candidateInsert: MultiRowInsert
    private let attemptInsert: MultiRowInsert
    private let rejectedStatement: Statement
    private var candidates: [PendingCandidate] = []
    private var attempts: [PendingAttempt] = []
    private var rowsInTransaction = 0
    private var ownsTransaction = false
    /// Per run: the first id this writer assigned and the next one to assign.
    private var runIDs: [Int64: (first: Int64, next: Int64)] = [:]
    private var allowedVersions: Set<Int64> = []

    /// Creates a writer on `database`, which must be migrated and not inside a transaction.
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
                    upper_count, lower_count, digit_count, special_count, other_letter_count, space_count, other_count)
                """,
            columns: 15, rowsPerStatement: candidatesPerStatement)
        attemptInsert = try MultiRowInsert(
            database: database,
            head: "INSERT INTO attempt (candidate_id, policy_version_id, failed_mask, unlocks_reset)",
            columns: 4, rowsPerStatement: candidatesPerStatement * 2)
        rejectedStatement = try database.makeStatement(
            "INSERT INTO rejected_row (run_id, line, reason) VALUES (?1, ?2, ?3)")
        candidates.reserveCapacity(candidateInsert.rowsPerStatement)
        attempts.reserveCapacity(attemptInsert.rowsPerStatement * 4)
    }

    deinit { abandon() }

    /// Buffers one candidate (never its password) and returns the id it will have, for `insertAttempt`.
    /// - Parameters:
    ///   - line: The 1-based physical line where the record starts in the source file.
    ///   - fingerprint: HMAC-SHA256 of the password under the database's key.
    @discardableResult
    package func insertCandidate(
        runID: Int64, line: Int, externalID: String?, username: String?, submittedAt: String?,
        fingerprint: Fingerprint, features: CandidateFeatureRow
    ) throws(SQLiteError) -> Int64 {
        try beginIfNeeded()
        if runIDs[runID] == nil { try guarded { () throws(SQLiteError) in try checkRun(runID) } }
        let id = runIDs[runID]!.next
        guard id <= CandidateID.range(runID: runID).upperBound else {
            abandon()
            throw SQLiteError(extendedCode: 13, message: "too many candidates in one run", path: database.path)
        }
        runIDs[runID]!.next = id + 1
        candidates.append(
            PendingCandidate(
                id: id, runID: runID, line: line, externalID: externalID, username: username,
                submittedAt: submittedAt, fingerprint: fingerprint, features: features))
        if candidates.count == candidateInsert.rowsPerStatement { try guarded(flushCandidates) }
        try rowWritten()
        return id
    }

    /// Buffers the outcome of one candidate against one policy version.
    /// - Parameters:
    ///   - failedMask: Bit `i` set when rule `i` of the version failed; stored as the same 64-bit pattern.
    ///   - unlocksReset: Whether the candidate would unlock the password reset under this version.
    package func insertAttempt(
        candidateID: Int64, versionID: Int64, failedMask: UInt64, unlocksReset: Bool
    ) throws(SQLiteError) {
        try beginIfNeeded()
        let own = runIDs[CandidateID.runID(of: candidateID)]
        let isOwnCandidate = own.map { candidateID >= $0.first && candidateID < $0.next } ?? false
        if !isOwnCandidate {
            let exists = try guarded { () throws(SQLiteError) in try candidateExists(candidateID) }
            guard exists else {
                abandon()
                throw foreignKeyError("attempt.candidate_id refers to no candidate")
            }
        }
        guard allowedVersions.contains(versionID) else {
            abandon()
            throw foreignKeyError("attempt.policy_version_id is not a policy version of the candidate's run")
        }
        attempts.append(
            PendingAttempt(
                candidateID: candidateID, versionID: versionID, failedMask: Int64(bitPattern: failedMask),
                unlocksReset: unlocksReset ? 1 : 0))
        try rowWritten()
    }

    /// Records that source line `line` was rejected, with a reason code; never the row's content.
    package func insertRejected(runID: Int64, line: Int, reason: String) throws(SQLiteError) {
        try beginIfNeeded()
        if runIDs[runID] == nil { try guarded { () throws(SQLiteError) in try checkRun(runID) } }
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
            try flushCandidates()
            try flushAttempts(all: true)
            try database.execute("COMMIT")
        }
        ownsTransaction = false
        rowsInTransaction = 0
        try database.execute("PRAGMA foreign_keys = ON")
    }

    /// Rolls back the open transaction, drops buffered rows and restores foreign-key enforcement.
    private func abandon() {
        candidates.removeAll()
        attempts.removeAll()
        if ownsTransaction {
            if database.isInsideTransaction { try? database.execute("ROLLBACK") }
            ownsTransaction = false
            rowsInTransaction = 0
            try? database.execute("PRAGMA foreign_keys = ON")
        }
    }

    private func guarded<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        do {
            return try body()
        } catch {
            abandon()
            throw error
        }
    }

    private func foreignKeyError(_ message: String) -> SQLiteError {
        SQLiteError(
            extendedCode: 787, message: "FOREIGN KEY constraint failed: \(message)", sql: nil, path: database.path)
    }

    /// Checks that `runID` is a running import and loads the versions its attempts may use.
    private func checkRun(_ runID: Int64) throws(SQLiteError) {
        let run = try database.cachedStatement("SELECT status FROM import_run WHERE id = ?1")
        run.bind(runID, at: 1)
        let status = try run.step() ? run.string(at: 0) : nil
        run.reset()
        guard status == "running" else {
            throw foreignKeyError(
                status == nil ? "candidate.run_id refers to no import run" : "the import run is \(status!)")
        }
        let versions = try database.cachedStatement("SELECT policy_version_id FROM import_run_policy WHERE run_id = ?1")
        versions.bind(runID, at: 1)
        while try versions.step() { allowedVersions.insert(versions.int64(at: 0)) }
        let range = CandidateID.range(runID: runID)
        let last = try database.cachedStatement("SELECT max(id) FROM candidate WHERE id BETWEEN ?1 AND ?2")
        last.bind(range.lowerBound, at: 1)
        last.bind(range.upperBound, at: 2)
        _ = try last.step()
        let next = last.isNull(at: 0) ? range.lowerBound : last.int64(at: 0) + 1
        last.reset()
        runIDs[runID] = (next, next)
    }

    private func candidateExists(_ id: Int64) throws(SQLiteError) -> Bool {
        try flushCandidates()
        let statement = try database.cachedStatement("SELECT 1 FROM candidate WHERE id = ?1")
        statement.bind(id, at: 1)
        defer { statement.reset() }
        return try statement.step()
    }

    private func beginIfNeeded() throws(SQLiteError) {
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

    /// Inserts buffered candidates, then the attempts that are now safe to insert (their candidates exist).
    private func flushCandidates() throws(SQLiteError) {
        guard !candidates.isEmpty else { return }
        let pending = candidates
        candidates.removeAll(keepingCapacity: true)
        try candidateInsert.insert(count: pending.count) { statement, row, base in
            let candidate = pending[row]
            statement.bind(candidate.id, at: base)
            statement.bind(candidate.runID, at: base + 1)
            statement.bind(Int64(candidate.line), at: base + 2)
            statement.bind(candidate.externalID, at: base + 3)
            statement.bind(candidate.username, at: base + 4)
            statement.bind(candidate.submittedAt, at: base + 5)
            candidate.fingerprint.withUnsafeBytes { statement.bind(blob: $0, at: base + 6) }
            let features = candidate.features
            statement.bind(Int64(features.length), at: base + 7)
            statement.bind(Int64(features.upperCount), at: base + 8)
            statement.bind(Int64(features.lowerCount), at: base + 9)
            statement.bind(Int64(features.digitCount), at: base + 10)
            statement.bind(Int64(features.specialCount), at: base + 11)
            statement.bind(Int64(features.otherLetterCount), at: base + 12)
            statement.bind(Int64(features.spaceCount), at: base + 13)
            statement.bind(Int64(features.otherCount), at: base + 14)
        }
        try flushAttempts(all: false)
    }

    /// Inserts buffered attempts in full statements; with `all`, the remainder too.
    private func flushAttempts(all: Bool) throws(SQLiteError) {
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
