import AuditRepositories
import LibC

/// Stores import runs (`import_run`, `import_run_policy`): start, complete or fail, list, delete.
package struct SQLiteRunRepository: RunRepository {
    let database: Database

    /// Creates a repository over a migrated database.
    package init(database: Database) {
        self.database = database
    }

    private static let selectRun = """
        SELECT ir.id, ir.source_name, ir.source_bytes, ir.source_sha256, ir.label, ir.started_at, ir.finished_at,
            ir.status, ir.rows_read, ir.rows_accepted, ir.rows_rejected, ir.pwaudit_version, ir.pid,
            (SELECT group_concat(policy_version_id) FROM
                (SELECT policy_version_id FROM import_run_policy WHERE run_id = ir.id ORDER BY policy_version_id)),
            ir.pruned_at
        FROM import_run ir
        """

    /// Records a new `running` run owned by this process (`pid = getpid()`) that scores `versionIDs`. Its id is new:
    /// above every run that exists or ever existed (`run_id_high_water`), so a deleted run's id is never reused.
    ///
    /// The lease is the run's `ImportLock`, taken before the run is committed and held until the lease is released
    /// (or the process dies): that lock is what tells a live import from a stale one.
    package func start(
        sourceName: String, sourceBytes: Int64, sourceSHA256: String, label: String?, versionIDs: [Int64],
        pwauditVersion: String
    ) throws -> LeasedRun {
        var locked: Int64?
        defer {
            // The run was not committed after all (its COMMIT failed): nothing to hold a lock for.
            if let locked, (try? exists(runID: locked)) != true {
                ImportLock.release(databasePath: database.path, runID: locked)
            }
        }
        let id = try database.inTransaction {
            try database.execute(
                """
                INSERT INTO import_run (id, source_name, source_bytes, source_sha256, label, started_at, status,
                    pwaudit_version, pid)
                VALUES (
                    (SELECT max(coalesce((SELECT max(id) FROM import_run), 0), last_id) + 1 FROM run_id_high_water),
                    ?1, ?2, ?3, ?4, ?5, 'running', ?6, ?7)
                """,
                [
                    .text(sourceName), .integer(sourceBytes), .text(sourceSHA256), .optional(label),
                    .text(Timestamp.now()), .text(pwauditVersion), .integer(Int64(getpid())),
                ])
            let id = database.lastInsertedRowID
            try insertVersions(runID: id, versionIDs: versionIDs, inline: true)
            // Locked before the run is committed, so no other process ever sees it running and unlocked (stale).
            try ImportLock.acquire(databasePath: database.path, runID: id)
            locked = id
            return id
        }
        let lease = SQLiteRunLease(runID: id, databasePath: database.path)
        guard let record = try run(id: id) else {
            lease.release()
            throw AuditStoreError.unknownRun(reference: "\(id)")
        }
        return LeasedRun(run: record, lease: lease)
    }

    /// Adds policy versions to a run's scored set (already present ones are ignored).
    package func addVersions(runID: Int64, versionIDs: [Int64]) throws {
        try database.inTransaction { try insertVersions(runID: runID, versionIDs: versionIDs, inline: false) }
    }

    /// With `inline`, the run's first four versions get slots 0…3: their outcomes live in `candidate.mask_<slot>`.
    private func insertVersions(runID: Int64, versionIDs: [Int64], inline: Bool) throws(SQLiteError) {
        for versionID in versionIDs {
            try database.execute(
                """
                INSERT OR IGNORE INTO import_run_policy (run_id, policy_version_id, slot)
                VALUES (?1, ?2, iif(?3, (SELECT nullif(min(count(*), 4), 4) FROM import_run_policy
                    WHERE run_id = ?1 AND slot IS NOT NULL), NULL))
                """,
                [.integer(runID), .integer(versionID), .integer(inline ? 1 : 0)])
        }
    }

    /// Marks a running run `complete` with its final counts, finish time and — known only once the input has been
    /// read to its end — the source's size and SHA-256. The lease stays with its holder.
    /// - Throws: `AuditStoreError.unknownRun` or `.runNotRunning`.
    package func complete(
        runID: Int64, sourceBytes: Int64, sourceSHA256: String, rowsRead: Int, rowsAccepted: Int, rowsRejected: Int
    ) throws {
        try database.inTransaction {
            try finish(
                runID: runID, status: .complete,
                counts: [.integer(Int64(rowsRead)), .integer(Int64(rowsAccepted)), .integer(Int64(rowsRejected))])
            try database.execute(
                "UPDATE import_run SET source_bytes = ?2, source_sha256 = ?3 WHERE id = ?1",
                [.integer(runID), .integer(sourceBytes), .text(sourceSHA256)])
        }
    }

    /// Marks a running run `failed`, keeping its counts. The lease stays with its holder.
    /// - Throws: `AuditStoreError.unknownRun` or `.runNotRunning`.
    package func fail(runID: Int64) throws {
        try finish(runID: runID, status: .failed, counts: nil)
    }

    /// Whether run `run` (a `running` one) is being imported by a live process: its `ImportLock` is held, or, where
    /// locks cannot be seen, its pid exists.
    package func isImportAlive(runID: Int64, pid: Int32) -> Bool {
        ImportLock.isHeld(databasePath: database.path, runID: runID) ?? Self.processExists(pid)
    }

    private func finish(runID: Int64, status: RunStatus, counts: [SQLValue]?) throws {
        let sql =
            counts == nil
            ? "UPDATE import_run SET status = ?2, finished_at = ?3 WHERE id = ?1 AND status = 'running'"
            : """
            UPDATE import_run SET status = ?2, finished_at = ?3, rows_read = ?4, rows_accepted = ?5,
                rows_rejected = ?6
            WHERE id = ?1 AND status = 'running'
            """
        try database.execute(sql, [.integer(runID), .text(status.rawValue), .text(Timestamp.now())] + (counts ?? []))
        if database.changes == 0 {
            guard let existing = try run(id: runID) else { throw AuditStoreError.unknownRun(reference: "\(runID)") }
            throw AuditStoreError.runNotRunning(id: runID, status: existing.status)
        }
    }

    /// Every run, newest first.
    package func list() throws(SQLiteError) -> [StoredRun] {
        try fetch(Self.selectRun + " ORDER BY ir.id DESC", [])
    }

    /// The run with id `id`, or nil.
    package func run(id: Int64) throws(SQLiteError) -> StoredRun? {
        try fetch(Self.selectRun + " WHERE ir.id = ?1", [.integer(id)]).first
    }

    /// The complete, unpruned runs of a source with this SHA-256 (to detect re-imports), newest first. A pruned run
    /// holds no candidates any more: its file may be imported again, and that is what `rescore` of it advises.
    package func completeRuns(withSHA256 sha256: String) throws(SQLiteError) -> [StoredRun] {
        try fetch(
            Self.selectRun
                + " WHERE ir.source_sha256 = ?1 AND ir.status = 'complete' AND ir.pruned_at IS NULL"
                + " ORDER BY ir.id DESC",
            [.text(sha256)])
    }

    /// Whether a complete, unpruned run read a source of exactly `sourceBytes` bytes: when none did, a source of that
    /// size can't be a re-import, and hashing it up front can be skipped.
    package func hasCompleteRun(sourceBytes: Int64) throws(SQLiteError) -> Bool {
        let statement = try database.cachedStatement(
            "SELECT 1 FROM import_run WHERE source_bytes = ?1 AND status = 'complete' AND pruned_at IS NULL LIMIT 1")
        defer { statement.reset() }
        statement.bind(sourceBytes, at: 1)
        return try statement.step()
    }

    /// Deletes a run with its candidates, attempts, rejected rows and summaries, and every orphan row an older pwaudit
    /// left behind (rows of a run, or outcomes of a candidate, that no longer exists).
    ///
    /// A `running` run whose import is alive (`isImportAlive`) is refused: deleting it under its importer would leave
    /// the importer writing rows of a run that no longer exists. A `running` run whose importer died is stale and is
    /// deleted (`RunDeletion.wasStale`).
    ///
    /// SQLite's per-row `ON DELETE CASCADE` made deleting a million candidates take longer than importing them, so,
    /// outside any transaction, foreign keys are turned off for the delete and every table that references
    /// `candidate` or `import_run` (found in the schema, so tables added later are covered) is cleared by range
    /// instead; candidate ids are one key range per run (`CandidateID`). Inside a caller's transaction the pragma
    /// cannot change and the cascades do the same work.
    /// - Throws: `AuditStoreError.runBeingImported` for a live import; `SQLiteError`.
    @discardableResult
    package func delete(runID: Int64) throws -> RunDeletion {
        try delete(runID: runID, ownImport: false)
    }

    /// Deletes the run this process holds under `lease` (a `--strict` import that met a bad row, a re-import found at
    /// the end): releases the lease, then deletes the run as `delete` does, without asking whether it is alive.
    @discardableResult
    package func discard(_ lease: any RunLease) throws -> RunDeletion {
        lease.release()
        return try delete(runID: lease.runID, ownImport: true)
    }

    private func delete(runID: Int64, ownImport: Bool) throws -> RunDeletion {
        // Refused at once, before waiting for the write lock that the import itself holds most of the time.
        if !ownImport, let existing = try run(id: runID), existing.status == .running, !existing.isStale {
            throw AuditStoreError.runBeingImported(id: runID, pid: existing.pid)
        }
        let outsideTransaction = !database.isInsideTransaction
        // https://www.sqlite.org/pragma.html#pragma_foreign_keys: a no-op inside a transaction.
        if outsideTransaction { try database.execute("PRAGMA foreign_keys = OFF") }
        defer { if outsideTransaction { try? database.execute("PRAGMA foreign_keys = ON") } }
        return try database.inTransaction {
            // Checked inside the write transaction: an importer locks its run before committing it, so a run this
            // sees running and unlocked can only be a dead import's.
            var wasStale = false
            if let existing = try run(id: runID), existing.status == .running {
                // `run(id:)` has just asked the import lock (`isStale`: running, and its importer gone).
                guard ownImport || existing.isStale else {
                    throw AuditStoreError.runBeingImported(id: runID, pid: existing.pid)
                }
                wasStale = !ownImport
            }
            try deleteRows(ofRun: runID)
            try database.execute("DELETE FROM import_run WHERE id = ?1", [.integer(runID)])
            let deleted = database.changes > 0
            let orphans = try deleteOrphans()
            return RunDeletion(deleted: deleted, wasStale: wasStale, orphanRows: orphans)
        }
    }

    private func deleteRows(ofRun runID: Int64) throws {
        let range = CandidateID.range(runID: runID)
        let bounds: [SQLValue] = [.integer(range.lowerBound), .integer(range.upperBound)]
        for (table, column) in try referencingColumns(of: "candidate") {
            try database.execute("DELETE FROM \"\(table)\" WHERE \"\(column)\" BETWEEN ?1 AND ?2", bounds)
        }
        // By the key range, not by `run_id`, which has no index: that would scan every run's candidates.
        try database.execute("DELETE FROM candidate WHERE id BETWEEN ?1 AND ?2", bounds)
        for (table, column) in try referencingColumns(of: "import_run") where table != "candidate" {
            try database.execute("DELETE FROM \"\(table)\" WHERE \"\(column)\" = ?1", [.integer(runID)])
        }
    }

    /// Deletes the rows of runs that no longer exist, and returns how many there were. Each table is walked run by run
    /// (`min(column)` above the last run seen, on the key's leading column), so the cost grows with the number of
    /// runs present, not rows: candidate ids, and the attempt rows keyed by them, carry their run in their high bits.
    private func deleteOrphans() throws -> Int {
        var removed = 0
        var tables: [(table: String, column: String, shift: Int64)] = [("candidate", "id", 32)]
        tables += try referencingColumns(of: "candidate").map { ($0.table, $0.column, 32) }
        tables += try referencingColumns(of: "import_run").filter { $0.table != "candidate" }.map {
            ($0.table, $0.column, 0)
        }
        for (table, column, shift) in tables {
            var floor = Int64.min
            while true {
                let next = try database.cachedStatement(
                    "SELECT min(\"\(column)\") FROM \"\(table)\" WHERE \"\(column)\" >= ?1")
                next.bind(floor, at: 1)
                _ = try next.step()
                let value: Int64? = next.isNull(at: 0) ? nil : next.int64(at: 0)
                next.reset()
                guard let value else { break }
                let runID = value >> shift
                let low = runID << shift
                let high = shift == 0 ? runID : low + (Int64(1) << shift) - 1
                if try !exists(runID: runID) {
                    try database.execute(
                        "DELETE FROM \"\(table)\" WHERE \"\(column)\" BETWEEN ?1 AND ?2",
                        [.integer(low), .integer(high)])
                    removed += database.changes
                }
                guard high < Int64.max else { break }
                floor = high + 1
            }
        }
        return removed
    }

    /// Whether a run with this id exists (whatever its state).
    package func exists(runID: Int64) throws(SQLiteError) -> Bool {
        let statement = try database.cachedStatement("SELECT 1 FROM import_run WHERE id = ?1")
        defer { statement.reset() }
        statement.bind(runID, at: 1)
        return try statement.step()
    }

    /// The tables, with their column, whose foreign key references `parent`, in the schema's order.
    private func referencingColumns(of parent: String) throws(SQLiteError) -> [(table: String, column: String)] {
        let statement = try database.cachedStatement(
            """
            SELECT m.name, f."from" FROM sqlite_schema m, pragma_foreign_key_list(m.name) f
            WHERE m.type = 'table' AND f."table" = ?1 ORDER BY m.rowid
            """)
        defer { statement.reset() }
        statement.bind(parent, at: 1)
        var result: [(table: String, column: String)] = []
        while try statement.step() { result.append((statement.string(at: 0) ?? "", statement.string(at: 1) ?? "")) }
        return result
    }

    private func fetch(_ sql: String, _ values: [SQLValue]) throws(SQLiteError) -> [StoredRun] {
        let statement = try database.cachedStatement(sql)
        statement.bind(values)
        var records: [StoredRun] = []
        while try statement.step() {
            let status = RunStatus(rawValue: statement.string(at: 7) ?? "") ?? .failed
            let pid = Int32(truncatingIfNeeded: statement.int64(at: 12))
            let versionIDs = (statement.string(at: 13) ?? "").split(separator: ",").compactMap { Int64($0) }
            records.append(
                StoredRun(
                    id: statement.int64(at: 0), sourceName: statement.string(at: 1) ?? "",
                    sourceBytes: statement.int64(at: 2), sourceSHA256: statement.string(at: 3) ?? "",
                    label: statement.string(at: 4), startedAt: statement.string(at: 5) ?? "",
                    finishedAt: statement.string(at: 6), status: status, rowsRead: statement.int(at: 8),
                    rowsAccepted: statement.int(at: 9), rowsRejected: statement.int(at: 10),
                    pwauditVersion: statement.string(at: 11) ?? "", pid: pid, versionIDs: versionIDs,
                    isStale: false, prunedAt: statement.string(at: 14)))
        }
        statement.reset()
        for index in records.indices where records[index].status == .running {
            records[index].isStale = !isImportAlive(runID: records[index].id, pid: records[index].pid)
        }
        return records
    }

    /// Whether a process with `pid` exists (`kill(pid, 0)`; EPERM means it exists but belongs to another user).
    private static func processExists(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}
