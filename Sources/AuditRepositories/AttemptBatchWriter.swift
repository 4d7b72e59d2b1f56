/// Writes one import's scored batches: candidates with one attempt per scored version, and rejected rows.
///
/// Rows are committed in large transactions of the writer's own; rows not yet committed when an error is thrown, or
/// when the writer is dropped without `finish()`, are discarded, so the caller marks the run failed or deletes it.
package protocol AttemptBatchWriter: AnyObject {
    /// Buffers `batch`'s candidates of run `runID` with their outcomes under `versionIDs` (in the order of the
    /// batch's failure masks), committing whenever a transaction is full.
    /// - Returns: The ids given to the batch's candidates, in order.
    @discardableResult
    func insert(_ batch: CandidateBatch, runID: Int64, versionIDs: [Int64]) throws -> Range<Int64>
    /// Records that source line `line` of run `runID` was rejected, with a reason code; never the row's content.
    func insertRejected(runID: Int64, line: Int, reason: String) throws
    /// Writes every buffered row and commits.
    func finish() throws
}
