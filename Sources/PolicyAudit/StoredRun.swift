import PolicyStore

/// One import run as the use cases hand it out, with the policy versions it scored; free of the store's record types.
package struct StoredRun: Sendable, Equatable {
    /// The run's id.
    package var id: Int64
    /// The source file's name as given by the user (a path or `-`).
    package var sourceName: String
    /// Size of the source in bytes.
    package var sourceBytes: Int64
    /// SHA-256 hex of the source bytes.
    package var sourceSHA256: String
    /// Optional user label, e.g. `2026-Q1 helpdesk`.
    package var label: String?
    /// When the run started (ISO-8601 UTC).
    package var startedAt: String
    /// When it completed or failed.
    package var finishedAt: String?
    /// Lifecycle state: `running`, `complete` or `failed`.
    package var status: String
    /// Data rows read from the source.
    package var rowsRead: Int
    /// Rows stored as candidates.
    package var rowsAccepted: Int
    /// Rows rejected.
    package var rowsRejected: Int
    /// Version of the pwaudit binary that ran the import.
    package var pwauditVersion: String
    /// Ids of the policy versions the run scored, ascending.
    package var versionIDs: [Int64]
    /// True for a `running` run whose process no longer exists (it crashed or was killed).
    package var isStale: Bool
    /// When `pwaudit prune` deleted the run's candidates and attempts, or nil.
    package var prunedAt: String?

    /// The word for the run's state wherever it is shown: its status, or `stale` for a running run whose import died.
    package var displayStatus: String { isStale ? "stale" : status }

    /// The run a store record holds.
    init(_ record: RunRecord) {
        (id, sourceName, sourceBytes, sourceSHA256) = (
            record.id, record.sourceName, record.sourceBytes, record.sourceSHA256
        )
        (label, startedAt, finishedAt, status) = (
            record.label, record.startedAt, record.finishedAt, record.status.rawValue
        )
        (rowsRead, rowsAccepted, rowsRejected) = (record.rowsRead, record.rowsAccepted, record.rowsRejected)
        (pwauditVersion, versionIDs, isStale) = (record.pwauditVersion, record.versionIDs, record.isStale)
        prunedAt = record.prunedAt
    }
}
