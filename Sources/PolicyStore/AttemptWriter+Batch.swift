import AuditCrypto
import AuditRepositories

/// The importer's path: a whole `CandidateBatch` per call, bound straight from the batch's arrays.
extension AttemptWriter {
    /// Inserts every candidate of `batch` into run `runID`, with its outcome under each of `versionIDs` (the
    /// batch's mask order), and returns the ids they got, in batch order.
    ///
    /// Versions with an inline slot in the run (`import_run_policy.slot`) are stored in the candidate's row,
    /// others as rows of `attempt_row`. The run must be `running` and score every version given, each once
    /// (else a constraint error, and nothing of the open transaction is kept). Texts and fingerprints are bound
    /// without copying (`SQLITE_STATIC`) and the bindings cleared before returning.
    @discardableResult
    package func insert(_ batch: CandidateBatch, runID: Int64, versionIDs: [Int64]) throws(SQLiteError)
        -> Range<Int64>
    {
        precondition(batch.outcomeCount == versionIDs.count, "the batch has one mask per version given")
        if rowsInTransaction >= rowsPerTransaction { try finish() }
        try beginIfNeeded()
        if nextIDs[runID] == nil { try guarded { () throws(SQLiteError) in try checkRun(runID) } }
        if slots[runID] == nil { try guarded { () throws(SQLiteError) in try loadSlots(runID) } }
        let layout = try outcomeLayout(runID: runID, versionIDs: versionIDs)
        let first = nextIDs[runID]!
        guard first + Int64(batch.count) - 1 <= CandidateID.range(runID: runID).upperBound else {
            abandon()
            throw SQLiteError(extendedCode: 13, message: "too many candidates in one run", path: database.path)
        }
        nextIDs[runID] = first + Int64(batch.count)
        try guarded { () throws(SQLiteError) in
            try insertRows(of: batch, firstID: first, runID: runID, inlineMask: layout.inline)
            for (index, versionID) in layout.rows {
                for row in 0..<batch.count {
                    let mask = batch.masks[row * batch.outcomeCount + index]
                    attempts.append(
                        PendingAttempt(
                            candidateID: first + Int64(row), versionID: versionID,
                            failedMask: Int64(bitPattern: mask), unlocksReset: mask == 0 ? 1 : 0))
                }
            }
            try flushAttempts(all: false)
        }
        rowsInTransaction += batch.count * (1 + layout.rows.count)
        return first..<(first + Int64(batch.count))
    }

    /// For each inline slot, the index of its version in `versionIDs` (or nil: NULL); and the versions stored as
    /// rows, with their index.
    private func outcomeLayout(runID: Int64, versionIDs: [Int64]) throws(SQLiteError)
        -> (inline: [Int?], rows: [(index: Int, versionID: Int64)])
    {
        var inline = [Int?](repeating: nil, count: 4)
        var rows: [(index: Int, versionID: Int64)] = []
        for (index, versionID) in versionIDs.enumerated() {
            guard allowedVersions.contains(versionID) else {
                abandon()
                throw foreignKeyError("attempt.policy_version_id is not a policy version of the candidate's run")
            }
            guard !versionIDs[..<index].contains(versionID) else {
                abandon()
                throw primaryKeyError()
            }
            if let slot = slots[runID]![versionID] { inline[slot] = index } else { rows.append((index, versionID)) }
        }
        return (inline, rows)
    }

    private func insertRows(of batch: CandidateBatch, firstID: Int64, runID: Int64, inlineMask: [Int?])
        throws(SQLiteError)
    {
        let statements = candidateInsert
        defer { statements.clearBindings() }
        try batch.texts.withFields { texts throws(SQLiteError) in
            try batch.fingerprints.withUnsafeBufferPointer { fingerprints throws(SQLiteError) in
                try statements.insert(count: batch.count) { statement, row, base in
                    statement.bind(firstID + Int64(row), at: base)
                    statement.bind(runID, at: base + 1)
                    statement.bind(batch.lines[row], at: base + 2)
                    for field in 0..<3 {
                        let index = base + 3 + Int32(field)
                        if let text = texts[row * 3 + field] {
                            statement.bind(borrowedText: text, at: index)
                        } else {
                            statement.bindNull(at: index)
                        }
                    }
                    statement.bind(
                        borrowedBlob: UnsafeRawBufferPointer(
                            start: fingerprints.baseAddress! + row * Fingerprint.byteCount, count: Fingerprint.byteCount
                        ),
                        at: base + 6)
                    Self.bind(batch.features[row], statement, at: base + 7)
                    for slot in 0..<4 {
                        let mask = inlineMask[slot].map {
                            Int64(bitPattern: batch.masks[row * batch.outcomeCount + $0])
                        }
                        Self.bind(mask, statement, at: base + 15 + Int32(slot))
                    }
                    if batch.hasStrength {
                        let strength = batch.strengths[row]
                        statement.bind(Int64(strength.score), at: base + 19)
                        statement.bind(strength.guessesLog10, at: base + 20)
                    } else {
                        statement.bindNull(at: base + 19)
                        statement.bindNull(at: base + 20)
                    }
                }
            }
        }
    }
}
