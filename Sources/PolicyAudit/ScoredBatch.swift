import AuditRepositories
import PolicyCSV

/// Scored candidates and rejected rows travelling together from the scoring thread to the writer thread.
package struct ScoredBatch: Sendable {
    package var candidates: CandidateBatch
    package var rejections: [RowRejection] = []

    /// An empty batch of candidates with one mask per each of `versionCount` versions, with room for a full one.
    package init(versionCount: Int) {
        candidates = CandidateBatch(outcomeCount: versionCount, capacity: CSVImport.batchSize)
    }
}
