import AuditCrypto
import AuditRepositories

/// PostgreSQL's `AttemptBatchWriter`: an import's candidates (with the outcomes of the run's first four versions
/// inline, `candidate.mask_<slot>`), the outcomes of other versions (`attempt_row`) and rejected rows, sent by
/// `COPY … FROM STDIN` in transactions of about `rowsPerTransaction` rows — the size SQLite's `AttemptWriter` uses.
///
/// It writes on the connection whose session holds the run's lease (`PostgresRunRepository.start`), in transactions
/// of its own, outside any other. The server checks the foreign keys; the writer checks, before anything is sent,
/// that the run is `running` and scores each version given, once. Any error rolls back the open transaction (what
/// was committed before stays); so does `abandon()` and dropping the writer. Not `Sendable`: one thread uses it.
package final class PostgresAttemptWriter: AttemptBatchWriter {
    /// Default rows (candidates + attempts + rejects) per transaction: SQLite's `AttemptWriter.defaultRowsPerTransaction`.
    package static let defaultRowsPerTransaction = 50_000

    private let connection: PostgresConnection
    private let rowsPerTransaction: Int
    private var rowsInTransaction = 0
    private var ownsTransaction = false
    private var rejected: [(runID: Int64, line: Int, reason: String)] = []
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

    /// Copies `batch`'s candidates of run `runID` (one `COPY` into `candidate`, one into `attempt_row` for versions
    /// without an inline slot) and returns the ids they got, committing first when the open transaction is full.
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
            if !rows.isEmpty {
                try connection.copy(
                    "COPY attempt_row (candidate_id, policy_version_id, failed_mask, unlocks_reset) FROM STDIN"
                ) { copy in
                    for (index, versionID) in rows {
                        for row in 0..<batch.count {
                            let mask = batch.masks[row * batch.outcomeCount + index]
                            copy.add(first + Int64(row))
                            copy.add(versionID)
                            copy.add(Int64(bitPattern: mask))
                            copy.add(mask == 0)
                            try copy.endRow()
                        }
                    }
                }
            }
            nextIDs[runID] = first + Int64(batch.count)
            rowsInTransaction += batch.count * (1 + rows.count)
            return first..<(first + Int64(batch.count))
        }
    }

    private func copyCandidates(_ batch: CandidateBatch, firstID: Int64, runID: Int64, inline: [Int?]) throws {
        try connection.copy(
            """
            COPY candidate (id, run_id, line, external_id, username, submitted_at, fingerprint, length, upper_count,
                lower_count, digit_count, special_count, other_letter_count, space_count, other_count,
                mask_0, mask_1, mask_2, mask_3) FROM STDIN
            """
        ) { copy in
            try batch.texts.withFields { texts in
                for row in 0..<batch.count {
                    copy.add(firstID + Int64(row))
                    copy.add(runID)
                    copy.add(batch.lines[row])
                    for field in 0..<3 { copy.add(texts[row * 3 + field].map { String(decoding: $0, as: UTF8.self) }) }
                    let start = row * Fingerprint.byteCount
                    copy.add(bytes: Array(batch.fingerprints[start..<(start + Fingerprint.byteCount)]))
                    let features = batch.features[row]
                    for count in [
                        features.length, features.upperCount, features.lowerCount, features.digitCount,
                        features.specialCount, features.otherLetterCount, features.spaceCount, features.otherCount,
                    ] {
                        copy.add(count)
                    }
                    for slot in 0..<4 {
                        copy.add(
                            inline[slot].map { Int(Int64(bitPattern: batch.masks[row * batch.outcomeCount + $0])) })
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

    /// Copies the buffered rejected rows and commits. The writer may be used again afterwards.
    package func finish() throws {
        guard ownsTransaction else { return }
        try guarded {
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

    /// Checks (once per run) that `runID` is a running import, loads its versions and slots and its next id.
    private func checkRun(_ runID: Int64) throws {
        guard nextIDs[runID] == nil else { return }
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
    /// - Throws: `PostgresRunError.versionNotScored` when the run does not score the version late; `PostgresError`
    ///   (a foreign-key or primary-key violation) for a missing candidate or a second outcome.
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
    }
}
