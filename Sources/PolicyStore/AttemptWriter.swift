import AuditCrypto

/// Bulk writer for one import: candidates, their attempts and rejected rows, in large transactions.
///
/// Outcomes inline (schema 2): an attempt under a version that has a slot in its run (`import_run_policy.slot`, the
/// run's first four versions) is stored in `candidate.mask_<slot>` of the candidate's own row, so the common import
/// writes one row per candidate; other versions go to `attempt_row`. The `attempt` view shows both alike. Call
/// `insertAttempt` right after `insertCandidate` and the mask rides in the candidate's INSERT; later, it costs an
/// UPDATE. A second attempt for the same candidate and version fails as a primary-key violation, as in schema 1.
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
    struct PendingCandidate {
        var id: Int64
        var runID: Int64
        var line: Int
        var externalID: String?
        var username: String?
        var submittedAt: String?
        var fingerprint: Fingerprint
        var features: CandidateFeatureRow
        var masks: (Int64?, Int64?, Int64?, Int64?) = (nil, nil, nil, nil)
    }

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
    var candidates: [PendingCandidate] = []
    var attempts: [PendingAttempt] = []
    var rowsInTransaction = 0
    private var ownsTransaction = false
    /// Per run: the first id this writer assigned and the next one to assign.
    var runIDs: [Int64: (first: Int64, next: Int64)] = [:]
    var allowedVersions: Set<Int64> = []
    /// Per run: version id → inline slot (0…3), for versions whose outcomes live in `candidate.mask_<slot>`.
    var slots: [Int64: [Int64: Int]] = [:]
    /// The inline versions (index = slot) of the run last loaded by `loadSlots`, for `insertAttempt`'s fast path.
    var lastInline: (runID: Int64, versions: [Int64])?

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
                    upper_count, lower_count, digit_count, special_count, other_letter_count, space_count, other_count,
                    mask_0, mask_1, mask_2, mask_3)
                """,
            columns: 19, rowsPerStatement: candidatesPerStatement)
        attemptInsert = try MultiRowInsert(
            database: database,
            head: "INSERT INTO attempt_row (candidate_id, policy_version_id, failed_mask, unlocks_reset)",
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
        if rowsInTransaction >= rowsPerTransaction { try finish() }
        try beginIfNeeded()
        if runIDs[runID] == nil { try guarded { () throws(SQLiteError) in try checkRun(runID) } }
        // Flush before appending, so the newest candidate stays buffered for its inline outcomes.
        if candidates.count == candidateInsert.rowsPerStatement { try guarded(flushCandidates) }
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
        rowsInTransaction += 1
        return id
    }

    /// Buffers the outcome of one candidate against one policy version.
    /// - Parameters:
    ///   - failedMask: Bit `i` set when rule `i` of the version failed; stored as the same 64-bit pattern.
    ///   - unlocksReset: Whether the candidate would unlock the password reset under this version.
    package func insertAttempt(
        candidateID: Int64, versionID: Int64, failedMask: UInt64, unlocksReset: Bool
    ) throws(SQLiteError) {
        // Fast path, the importer's: an inline outcome of the newest buffered candidate, no lookups.
        if let last = candidates.last, last.id == candidateID, let inline = lastInline, inline.runID == last.runID,
            let slot = inline.versions.firstIndex(of: versionID)
        {
            guard setPendingMask(Int64(bitPattern: failedMask), slot: slot, at: candidates.count - 1) else {
                abandon()
                throw primaryKeyError()
            }
            return
        }
        try beginIfNeeded()
        let runID = CandidateID.runID(of: candidateID)
        if runIDs[runID] == nil { try guarded { () throws(SQLiteError) in try checkRun(runID) } }
        let own = runIDs[runID]
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
        if slots[runID] == nil { try guarded { () throws(SQLiteError) in try loadSlots(runID) } }
        if let slot = slots[runID]![versionID] {
            let mask = Int64(bitPattern: failedMask)
            // Buffered candidates of several runs interleave: search (at most one statement's worth) from the end.
            if let index = candidates.lastIndex(where: { $0.id == candidateID }) {
                guard setPendingMask(mask, slot: slot, at: index) else {
                    abandon()
                    throw primaryKeyError()
                }
            } else {
                try guarded { () throws(SQLiteError) in try updateMask(mask, slot: slot, candidateID: candidateID) }
            }
            return
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
    func abandon() {
        candidates.removeAll()
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

    /// Inserts buffered candidates, then the attempts that are now safe to insert (their candidates exist).
    func flushCandidates() throws(SQLiteError) {
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
            Self.bind(candidate.features, statement, at: base + 7)
            let masks = candidate.masks
            Self.bind(masks.0, statement, at: base + 15)
            Self.bind(masks.1, statement, at: base + 16)
            Self.bind(masks.2, statement, at: base + 17)
            Self.bind(masks.3, statement, at: base + 18)
        }
        try flushAttempts(all: false)
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
