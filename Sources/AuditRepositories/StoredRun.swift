/// One import of a CSV file, as stored in `import_run` with the policy versions it scored.
package struct StoredRun: Sendable, Equatable {
    /// Row id (`import_run.id`).
    package var id: Int64
    /// The source file's name as given by the user (a path or `-`).
    package var sourceName: String
    /// Size of the source in bytes.
    package var sourceBytes: Int64
    /// SHA-256 hex of the source bytes; finds earlier imports of the same file.
    package var sourceSHA256: String
    /// Optional user label, e.g. `2026-Q1 helpdesk`.
    package var label: String?
    /// When the run started (ISO-8601 UTC).
    package var startedAt: String
    /// When it completed or failed.
    package var finishedAt: String?
    /// Lifecycle state.
    package var status: RunStatus
    /// Data rows read from the source.
    package var rowsRead: Int
    /// Rows stored as candidates.
    package var rowsAccepted: Int
    /// Rows rejected (see `rejected_row`).
    package var rowsRejected: Int
    /// Version of the pwaudit binary that ran the import.
    package var pwauditVersion: String
    /// Process id of the importing process.
    package var pid: Int32
    /// Ids of the policy versions the run scored, ascending.
    package var versionIDs: [Int64]
    /// True for a `running` run whose process no longer exists (it crashed or was killed).
    package var isStale: Bool
    /// When `pwaudit prune` deleted the run's candidates and attempts (schema 5), or nil.
    package var prunedAt: String?

    /// The word for the run's state wherever it is shown: its status, or `stale` for a running run whose import died.
    package var displayStatus: String { isStale ? "stale" : status.rawValue }

    /// Creates a record.
    package init(
        id: Int64, sourceName: String, sourceBytes: Int64, sourceSHA256: String, label: String?, startedAt: String,
        finishedAt: String?, status: RunStatus, rowsRead: Int, rowsAccepted: Int, rowsRejected: Int,
        pwauditVersion: String, pid: Int32, versionIDs: [Int64], isStale: Bool, prunedAt: String? = nil
    ) {
        self.id = id
        self.sourceName = sourceName
        self.sourceBytes = sourceBytes
        self.sourceSHA256 = sourceSHA256
        self.label = label
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.status = status
        self.rowsRead = rowsRead
        self.rowsAccepted = rowsAccepted
        self.rowsRejected = rowsRejected
        self.pwauditVersion = pwauditVersion
        self.pid = pid
        self.versionIDs = versionIDs
        self.isStale = isStale
        self.prunedAt = prunedAt
    }
}
