import AuditCrypto
import AuditRepositories
import AuditTime

/// PostgreSQL's `AttemptBatchWriter`: an import's candidates (with the outcomes of the run's first four versions
/// inline, `candidate.mask_<slot>`), the outcomes of other versions (`attempt_row`) and rejected rows, in transactions
/// of about `rowsPerTransaction` rows — the size SQLite's `AttemptWriter` uses.
///
/// Candidates go by one binary `COPY … FROM STDIN` per transaction (`PostgresBinaryCopy`), open across batches: the
/// server parses no text and the writer never waits for it between batches, only at each commit. Attempt rows and
/// rejected rows are buffered and copied before the commit. It writes on the connection whose session holds the run's
/// lease (`PostgresRunRepository.start`), in transactions of its own, outside any other. Since schema 11 no foreign
/// key checks each candidate (one lookup per row, half the server's work); the writer checks, before anything is sent,
/// that the run is `running` and scores each version given, once, and gives ids in the run's key range only. Any
/// error rolls back the open transaction (what was committed before stays); so does `abandon()` and dropping the
/// writer. Not `Sendable`: one thread uses it.
package final class PostgresAttemptWriter: AttemptBatchWriter {
    /// Default rows (candidates + attempts + rejects) per transaction, as SQLite's
    /// (`AttemptWriter.defaultRowsPerTransaction`).
    package static let defaultRowsPerTransaction = 50_000

    private let connection: PostgresConnection
    private let rowsPerTransaction: Int
    private var rowsInTransaction = 0
    private var ownsTransaction = false
    private var rejected: [(runID: Int64, line: Int, reason: String)] = []
    /// The transaction's open copy of candidates, if any: one `COPY` per transaction, not per batch.
    private var candidates: PostgresBinaryCopy?
    /// Outcomes of the transaction's candidates under versions stored in `attempt_row`, copied at its end.
    private var attempts: [(candidateID: Int64, versionID: Int64, mask: UInt64)] = []
    /// Per run checked: the next candidate id to give.
    private var nextIDs: [Int64: Int64] = [:]
    /// Per run checked: version id → its inline slot (0…3), or nil for a version stored in `attempt_row`.
    private var slots: [Int64: [Int64: Int?]] = [:]

    /// Creates a writer on `connection` (migrated; the one that started the run).
    package init(connection: PostgresConnection, rowsPerTransaction: Int = defaultRowsPerTransaction) {
        precondition(rowsPerTransaction > 0, "batch sizes must be positive")
        self.connection = connection
        self.rowsPerTransaction = rowsPerTransaction
    }

    deinit { abandon() }

    /// Streams `batch`'s candidates of run `runID` into the transaction's open binary `COPY` of `candidate` (the
    /// outcomes of versions without an inline slot are buffered for `attempt_row`) and returns the ids they got,
    /// committing first when the open transaction is full.
    @discardableResult
    package func insert(_ batch: CandidateBatch, runID: Int64, versionIDs: [Int64]) throws -> Range<Int64> {
        precondition(batch.outcomeCount == versionIDs.count, "the batch has one mask per version given")
        if rowsInTransaction >= rowsPerTransaction { try finish() }
        return try guarded {
            try beginIfNeeded()
            try checkRun(runID)
            var inline = [Int?](repeating: nil, count: 4)
            var rows: [(index: Int, versionID: Int64)] = []
            for (index, versionID) in versionIDs.enumerated() {
                guard let slot = slots[runID]![versionID], !versionIDs[..<index].contains(versionID) else {
                    throw PostgresRunError.versionNotScored(runID: runID, versionID: versionID)
                }
                if let slot { inline[slot] = index } else { rows.append((index, versionID)) }
            }
            let first = nextIDs[runID]!
            guard first + Int64(batch.count) - 1 <= CandidateID.range(runID: runID).upperBound else {
                throw PostgresRunError.tooManyCandidates(runID: runID)
            }
            try copyCandidates(batch, firstID: first, runID: runID, inline: inline)
            for (index, versionID) in rows {
                for row in 0..<batch.count {
                    attempts.append(
                        (first + Int64(row), versionID, batch.masks[row * batch.outcomeCount + index]))
                }
            }
            nextIDs[runID] = first + Int64(batch.count)
            rowsInTransaction += batch.count * (1 + rows.count)
            return first..<(first + Int64(batch.count))
        }
    }

    private static let candidateCopy = """
        COPY candidate (id, run_id, line, external_id, username, submitted_at, fingerprint, length, upper_count,
            lower_count, digit_count, special_count, other_letter_count, space_count, other_count,
            mask_0, mask_1, mask_2, mask_3, strength_score, strength_log10) FROM STDIN (FORMAT binary)
        """

    private func copyCandidates(_ batch: CandidateBatch, firstID: Int64, runID: Int64, inline: [Int?]) throws {
        let copy = try candidates ?? PostgresBinaryCopy(connection: connection, sql: Self.candidateCopy)
        candidates = copy
        let masks = inline.map { slot in slot.map { (index: $0, stride: batch.outcomeCount) } }
        try batch.texts.withFields { texts in
            try batch.fingerprints.withUnsafeBytes { fingerprints in
                for row in 0..<batch.count {
                    copy.beginRow(fields: 21)
                    copy.add(firstID + Int64(row))
                    copy.add(runID)
                    copy.add(batch.lines[row])
                    copy.add(bytes: texts[row * 3])
                    copy.add(bytes: texts[row * 3 + 1])
                    if let time = texts[row * 3 + 2] {
                        // CandidateBatch holds a time only as a UTCInstant's canonical text.
                        guard let reading = UTCInstant.read(time) else {
                            preconditionFailure("not a UTCInstant's text")
                        }
                        copy.add(timestampSince1970: reading.instant.secondsSince1970)
                    } else {
                        copy.addNull()
                    }
                    let start = row * Fingerprint.byteCount
                    copy.add(
                        bytes: UnsafeRawBufferPointer(rebasing: fingerprints[start..<(start + Fingerprint.byteCount)]))
                    let features = batch.features[row]
                    copy.add(int32: features.length)
                    copy.add(int32: features.upperCount)
                    copy.add(int32: features.lowerCount)
                    copy.add(int32: features.digitCount)
                    copy.add(int32: features.specialCount)
                    copy.add(int32: features.otherLetterCount)
                    copy.add(int32: features.spaceCount)
                    copy.add(int32: features.otherCount)
                    for slot in masks {
                        copy.add(slot.map { Int64(bitPattern: batch.masks[row * $0.stride + $0.index]) })
                    }
                    // Schema 12 (the strength slice's change, kept to these lines): the estimate, or two NULLs.
                    if batch.hasStrength {
                        copy.add(int32: Int(batch.strengths[row].score))
                        copy.add(float8: batch.strengths[row].guessesLog10)
                    } else {
                        copy.addNull()
                        copy.addNull()
                    }
                    try copy.endRow()
                }
            }
        }
    }

    /// Buffers that source line `line` of run `runID` was rejected, with a reason code; never the row's content.
    package func insertRejected(runID: Int64, line: Int, reason: String) throws {
        try guarded {
            try beginIfNeeded()
            try checkRun(runID)
        }
        rejected.append((runID, line, reason))
        rowsInTransaction += 1
        if rowsInTransaction >= rowsPerTransaction { try finish() }
    }

    /// Ends the candidates' copy, copies the buffered outcome and rejected rows and commits. The writer may be used
    /// again afterwards.
    package func finish() throws {
        guard ownsTransaction else { return }
        try guarded {
            try endCandidateCopy()
            if !attempts.isEmpty {
                try connection.copy(
                    "COPY attempt_row (candidate_id, policy_version_id, failed_mask, unlocks_reset) FROM STDIN"
                ) { copy in
                    for (candidateID, versionID, mask) in attempts {
                        copy.add(candidateID)
                        copy.add(versionID)
                        copy.add(Int64(bitPattern: mask))
                        copy.add(mask == 0)
                        try copy.endRow()
                    }
                }
                attempts.removeAll(keepingCapacity: true)
            }
            if !rejected.isEmpty {
                try connection.copy("COPY rejected_row (run_id, line, reason) FROM STDIN") { copy in
                    for row in rejected {
                        copy.add(row.runID)
                        copy.add(row.line)
                        copy.add(row.reason)
                        try copy.endRow()
                    }
                }
                rejected.removeAll(keepingCapacity: true)
            }
            try connection.execute("COMMIT")
        }
        ownsTransaction = false
        rowsInTransaction = 0
    }

    /// Rolls back the open transaction and drops the buffered rows (what was committed stays).
    package func abandon() {
        rejected.removeAll()
        attempts.removeAll()
        candidates?.cancel()
        candidates = nil
        guard ownsTransaction else { return }
        if connection.isInsideTransaction { try? connection.execute("ROLLBACK") }
        ownsTransaction = false
        rowsInTransaction = 0
        // The ids given in the rolled-back transaction are free again: read them anew.
        nextIDs.removeAll()
    }

    private func guarded<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            abandon()
            throw error
        }
    }

    private func beginIfNeeded() throws {
        guard !ownsTransaction else { return }
        precondition(
            !connection.isInsideTransaction, "PostgresAttemptWriter needs a connection outside any transaction")
        try connection.execute("BEGIN")
        ownsTransaction = true
    }

    /// Ends the open copy of candidates, if any, so that the connection runs other statements.
    private func endCandidateCopy() throws {
        guard let copy = candidates else { return }
        candidates = nil
        try copy.end()
    }

    /// Checks (once per run) that `runID` is a running import, loads its versions and slots and its next id.
    private func checkRun(_ runID: Int64) throws {
        guard nextIDs[runID] == nil else { return }
        try endCandidateCopy()
        guard let run = try connection.firstRow("SELECT status FROM import_run WHERE id = $1", [.integer(runID)])
        else { throw AuditStoreError.unknownRun(reference: "\(runID)") }
        let status = RunStatus(rawValue: run.string(at: 0) ?? "") ?? .failed
        guard status == .running else { throw AuditStoreError.runNotRunning(id: runID, status: status) }
        var runSlots: [Int64: Int?] = [:]
        for row in try connection.rows(
            "SELECT policy_version_id, slot FROM import_run_policy WHERE run_id = $1", [.integer(runID)])
        {
            runSlots[try row.int64(at: 0)] = .some(try row.optionalInt(at: 1))
        }
        slots[runID] = runSlots
        let range = CandidateID.range(runID: runID)
        let last = try connection.firstRow(
            "SELECT max(id) FROM candidate WHERE id BETWEEN $1 AND $2",
            [.integer(range.lowerBound), .integer(range.upperBound)])
        nextIDs[runID] = try last.flatMap { $0.isNull(at: 0) ? nil : try $0.int64(at: 0) + 1 } ?? range.lowerBound
    }

    /// Inserts the outcome of each stored candidate of `candidateIDs` under `versionID` — a version added to run
    /// `runID` after its import, so without an inline slot — by one `COPY` into `attempt_row`, inside the caller's
    /// transaction (the rescore's, with the version and the summaries: all or nothing).
    /// `attempt_row` has no foreign key to `candidate` (schema 11: deleting a run would fire one trigger per
    /// candidate), so the copy is checked afterwards: an outcome of a candidate the run does not have fails it.
    /// - Throws: `PostgresRunError.versionNotScored` when the run does not score the version late; `PostgresError`
    ///   (SQLSTATE 23503 for a missing candidate, a primary-key violation for a second outcome).
    package static func insertOutcomes(
        connection: PostgresConnection, runID: Int64, versionID: Int64, candidateIDs: [Int64], masks: [UInt64]
    ) throws {
        precondition(candidateIDs.count == masks.count, "one mask per candidate")
        precondition(connection.isInsideTransaction, "insertOutcomes runs inside the caller's transaction")
        let range = CandidateID.range(runID: runID)
        precondition(candidateIDs.allSatisfy(range.contains), "candidates of run \(runID)")
        guard
            let row = try connection.firstRow(
                "SELECT slot IS NULL FROM import_run_policy WHERE run_id = $1 AND policy_version_id = $2",
                [.integer(runID), .integer(versionID)]), try row.bool(at: 0)
        else { throw PostgresRunError.versionNotScored(runID: runID, versionID: versionID) }
        try connection.copy(
            "COPY attempt_row (candidate_id, policy_version_id, failed_mask, unlocks_reset) FROM STDIN"
        ) { copy in
            for (candidateID, mask) in zip(candidateIDs, masks) {
                copy.add(candidateID)
                copy.add(versionID)
                copy.add(Int64(bitPattern: mask))
                copy.add(mask == 0)
                try copy.endRow()
            }
        }
        let orphans = try connection.firstRow(
            """
            SELECT count(*) FROM attempt_row a
            WHERE a.policy_version_id = $1 AND a.candidate_id BETWEEN $2 AND $3
                AND NOT EXISTS (SELECT 1 FROM candidate c WHERE c.id = a.candidate_id)
            """, [.integer(versionID), .integer(range.lowerBound), .integer(range.upperBound)])
        if let orphans, try orphans.int(at: 0) > 0 {
            throw PostgresError.statementFailed(
                sqlState: "23503", message: "an outcome names a candidate that run \(runID) does not have",
                sql: "COPY attempt_row")
        }
    }
}
