/// Scored candidates and rejected rows travelling together from the scoring thread to the writer thread.
package struct ScoredBatch: Sendable {
    package var candidates: [ScoredCandidate] = []
    package var rejections: [RowRejection] = []

    /// An empty batch with room for a full one.
    package init() { candidates.reserveCapacity(CSVImport.batchSize) }
}
