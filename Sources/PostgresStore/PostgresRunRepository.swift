import AuditRepositories
import LibC

/// Import runs in `import_run` and `import_run_policy` (migrations/postgresql/0001, 0002, 0003): start, complete or
/// fail, list, delete, for the `PostgresAuditStore` still to come (issue 22, item 2).
///
/// A run's lease is a session-level advisory lock (`PostgresRunLease`) taken on this repository's connection — the one
/// the run's `PostgresAttemptWriter` writes on — before the run is committed. Every session reads a `running` run as
/// alive while some session of the database holds that lock (`pg_locks`), and as stale once it is gone: the server
/// drops it with the importer's session however that ends.
package struct PostgresRunRepository: RunRepository {
    let connection: PostgresConnection

    /// Creates a repository over a migrated database.
    package init(connection: PostgresConnection) { self.connection = connection }

    /// Whether the lease of run `ir.id` is held by any session of this database.
    static let leaseHeld = """
        EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted
            AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
            AND l.classid = \(PostgresRunLease.lockKey)::oid AND l.objid = ir.id::oid AND l.objsubid = 2)
        """

    private static let selectRun = """
        SELECT ir.id, ir.source_name, ir.source_bytes, ir.source_sha256, ir.label, ir.started_at, ir.finished_at,
            ir.status, ir.rows_read, ir.rows_accepted, ir.rows_rejected, ir.pwaudit_version, ir.pid,
            (SELECT string_agg(p.policy_version_id::text, ',' ORDER BY p.policy_version_id)
                FROM import_run_policy p WHERE p.run_id = ir.id),
            ir.pruned_at, ir.status = 'running' AND NOT \(leaseHeld)
        FROM import_run ir
        """

    /// Records a new `running` run owned by this process (`pid = getpid()`) that scores `versionIDs`; its id is above
    /// every run that exists or ever existed (`run_id_high_water`, whose row is locked so that concurrent starts take
    /// ids one after the other). The run's advisory lock is taken before the run is committed, and given up again
    /// when it cannot be.
    /// - Throws: `PostgresRunError.runLockFailed` when another session holds the new id's lock; `PostgresError`.
    package func start(
        sourceName: String, sourceBytes: Int64, sourceSHA256: String, label: String?, versionIDs: [Int64],
        pwauditVersion: String
    ) throws -> LeasedRun {
        var locked: Int64?
        let id: Int64
        do {
            id = try connection.inTransaction {
                _ = try connection.firstRow("SELECT last_id FROM run_id_high_water WHERE singleton = 1 FOR UPDATE")
                guard
                    let row = try connection.firstRow(
                        """
                        INSERT INTO import_run (id, source_name, source_bytes, source_sha256, label, started_at,
                            status, pwaudit_version, pid)
                        VALUES (
                            (SELECT greatest(coalesce((SELECT max(id) FROM import_run), 0), last_id) + 1
                                FROM run_id_high_water),
                            $1, $2, $3, $4, date_trunc('second', clock_timestamp()), 'running', $5, $6)
                        RETURNING id
                        """,
                        [
                            .text(sourceName), .integer(sourceBytes), .text(sourceSHA256), .optional(label),
                            .text(pwauditVersion), .integer(Int64(getpid())),
                        ])
                else { throw AuditStoreError.unknownRun(reference: "0") }
                let id = try row.int64(at: 0)
                try insertVersions(runID: id, versionIDs: versionIDs, inline: true)
                // Locked before the run is committed, so no session ever sees it running and unlocked (stale).
                let lock = try connection.firstRow(
                    "SELECT pg_try_advisory_lock($1, $2)", [.integer(Int64(PostgresRunLease.lockKey)), .integer(id)])
                guard try lock?.bool(at: 0) == true else { throw PostgresRunError.runLockFailed(id: id) }
                locked = id
                return id
            }
        } catch {
            if let locked { PostgresRunLease(runID: locked, connection: connection).release() }
            throw error
        }
        let lease = PostgresRunLease(runID: id, connection: connection)
        guard let record = try run(id: id) else {
            lease.release()
            throw AuditStoreError.unknownRun(reference: "\(id)")
        }
        return LeasedRun(run: record, lease: lease)
    }

    /// Adds policy versions to a run's scored set (already present ones are ignored); late versions get no inline slot.
    package func addVersions(runID: Int64, versionIDs: [Int64]) throws {
        try connection.inTransaction { try insertVersions(runID: runID, versionIDs: versionIDs, inline: false) }
    }

    /// With `inline`, the run's first four versions get slots 0…3: their outcomes live in `candidate.mask_<slot>`.
    private func insertVersions(runID: Int64, versionIDs: [Int64], inline: Bool) throws {
        for versionID in versionIDs {
            _ = try connection.execute(
                """
                INSERT INTO import_run_policy (run_id, policy_version_id, slot)
                VALUES ($1, $2, CASE WHEN $3::integer = 1 THEN (SELECT nullif(least(count(*), 4), 4)::integer
                    FROM import_run_policy WHERE run_id = $1 AND slot IS NOT NULL) END)
                ON CONFLICT (run_id, policy_version_id) DO NOTHING
                """, [.integer(runID), .integer(versionID), .integer(inline ? 1 : 0)])
        }
    }

    /// Marks a running run `complete` with its final counts, finish time, and the source's size and SHA-256.
    /// - Throws: `AuditStoreError.unknownRun` or `.runNotRunning`.
    package func complete(
        runID: Int64, sourceBytes: Int64, sourceSHA256: String, rowsRead: Int, rowsAccepted: Int, rowsRejected: Int
    ) throws {
        let changed = try connection.execute(
            """
            UPDATE import_run SET status = 'complete', finished_at = date_trunc('second', clock_timestamp()),
                rows_read = $2, rows_accepted = $3, rows_rejected = $4, source_bytes = $5, source_sha256 = $6
            WHERE id = $1 AND status = 'running'
            """,
            [
                .integer(runID), .integer(Int64(rowsRead)), .integer(Int64(rowsAccepted)),
                .integer(Int64(rowsRejected)), .integer(sourceBytes), .text(sourceSHA256),
            ])
        if changed == 0 { try throwNotRunning(runID) }
    }

    /// Marks a running run `failed`, keeping its counts.
    /// - Throws: `AuditStoreError.unknownRun` or `.runNotRunning`.
    package func fail(runID: Int64) throws {
        let changed = try connection.execute(
            """
            UPDATE import_run SET status = 'failed', finished_at = date_trunc('second', clock_timestamp())
            WHERE id = $1 AND status = 'running'
            """, [.integer(runID)])
        if changed == 0 { try throwNotRunning(runID) }
    }

    private func throwNotRunning(_ runID: Int64) throws -> Never {
        guard let existing = try run(id: runID) else { throw AuditStoreError.unknownRun(reference: "\(runID)") }
        throw AuditStoreError.runNotRunning(id: runID, status: existing.status)
    }

    /// Every run, newest first.
    package func list() throws -> [StoredRun] {
        try fetch(Self.selectRun + " ORDER BY ir.id DESC", [])
    }

    /// The run with id `id`, or nil.
    package func run(id: Int64) throws -> StoredRun? {
        try fetch(Self.selectRun + " WHERE ir.id = $1", [.integer(id)]).first
    }

    /// The complete, unpruned runs of a source with this SHA-256, newest first.
    package func completeRuns(withSHA256 sha256: String) throws -> [StoredRun] {
        try fetch(
            Self.selectRun
                + " WHERE ir.source_sha256 = $1 AND ir.status = 'complete' AND ir.pruned_at IS NULL"
                + " ORDER BY ir.id DESC",
            [.text(sha256)])
    }

    /// Whether a complete, unpruned run read a source of exactly `sourceBytes` bytes.
    package func hasCompleteRun(sourceBytes: Int64) throws -> Bool {
        try connection.firstRow(
            "SELECT 1 FROM import_run WHERE source_bytes = $1 AND status = 'complete' AND pruned_at IS NULL LIMIT 1",
            [.integer(sourceBytes)]) != nil
    }

    /// Whether a run with this id exists (whatever its state).
    package func exists(runID: Int64) throws -> Bool {
        try connection.firstRow("SELECT 1 FROM import_run WHERE id = $1", [.integer(runID)]) != nil
    }

    /// Deletes a run with its candidates, attempts, rejected rows and summaries. A `running` run whose lease some
    /// session holds (this one included) is refused; a `running` run whose lease is gone is stale and is deleted.
    /// The run's row takes its candidates and attempt rows with it (by their key range, schema 11's trigger) and
    /// the rest by foreign keys, so there are never orphans to remove.
    /// - Throws: `AuditStoreError.runBeingImported` for a held run; `PostgresError`.
    @discardableResult
    package func delete(runID: Int64) throws -> RunDeletion {
        try delete(runID: runID, ownImport: false)
    }

    /// Deletes the run this session holds under `lease`, then releases the lease (whether or not the delete
    /// succeeded): no other session sees the run unheld while it is deleted.
    @discardableResult
    package func discard(_ lease: any RunLease) throws -> RunDeletion {
        defer { lease.release() }
        return try delete(runID: lease.runID, ownImport: true)
    }

    private func delete(runID: Int64, ownImport: Bool) throws -> RunDeletion {
        try connection.inTransaction {
            // Checked inside the transaction with the run's row locked: an importer locks its run before committing
            // it, so a run seen running and unlocked can only be a dead import's.
            var wasStale = false
            if let row = try connection.firstRow(
                "SELECT ir.status, ir.pid, \(Self.leaseHeld) FROM import_run ir WHERE ir.id = $1 FOR UPDATE",
                [.integer(runID)]), row.string(at: 0) == RunStatus.running.rawValue
            {
                let held = try row.bool(at: 2)
                if held && !ownImport {
                    throw AuditStoreError.runBeingImported(
                        id: runID, pid: Int32(truncatingIfNeeded: try row.int64(at: 1)))
                }
                wasStale = !ownImport
            }
            // The row's trigger (schema 11) deletes the run's attempt rows and candidates by its key range; its
            // foreign keys, the rest.
            let deleted = try connection.execute("DELETE FROM import_run WHERE id = $1", [.integer(runID)]) > 0
            return RunDeletion(deleted: deleted, wasStale: wasStale, orphanRows: 0)
        }
    }

    private func fetch(_ sql: String, _ values: [SQLValue]) throws -> [StoredRun] {
        try connection.rows(sql, values).map { row in
            StoredRun(
                id: try row.int64(at: 0), sourceName: row.string(at: 1) ?? "", sourceBytes: try row.int64(at: 2),
                sourceSHA256: row.string(at: 3) ?? "", label: row.string(at: 4),
                startedAt: PostgresTime.canonical(row.string(at: 5) ?? ""),
                finishedAt: row.string(at: 6).map(PostgresTime.canonical),
                status: RunStatus(rawValue: row.string(at: 7) ?? "") ?? .failed, rowsRead: try row.int(at: 8),
                rowsAccepted: try row.int(at: 9), rowsRejected: try row.int(at: 10),
                pwauditVersion: row.string(at: 11) ?? "", pid: Int32(truncatingIfNeeded: try row.int64(at: 12)),
                versionIDs: (row.string(at: 13) ?? "").split(separator: ",").compactMap { Int64($0) },
                isStale: try row.bool(at: 15), prunedAt: row.string(at: 14).map(PostgresTime.canonical))
        }
    }
}
