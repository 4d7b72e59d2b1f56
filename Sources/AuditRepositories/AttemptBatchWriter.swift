/// Writes one run's scored batches: candidates with one outcome per scored version, and rejected rows.
///
/// Rows are committed in large transactions of the writer's own, outside any `AuditStore.inTransaction` (SQLite's
/// store: about 50,000 rows per commit); a store may write them in bulk (`COPY`, multi-row inserts) as long as a row
/// is visible only once its transaction commits. Rows not yet committed when an error is thrown, on `abandon()`, or
/// when the writer is dropped without `finish()`, are discarded; batches committed earlier stay with the run, which
/// the caller (`RunSession`) then marks failed or discards. The run must be `running`: writing to any other run, or
/// an outcome under a version the run does not score, throws. One writer per run at a time; used by one thread
/// (the import's writer thread) between its first call and `finish()`/`abandon()`.
package protocol AttemptBatchWriter: AnyObject {
    /// Buffers `batch`'s candidates of run `runID` with their outcomes under `versionIDs` (in the order of the
    /// batch's failure masks), committing whenever a transaction is full.
    /// - Returns: The ids given to the batch's candidates, in order: consecutive, within `CandidateID.range(runID:)`,
    ///   following the candidates the writer gave the run before.
    @discardableResult
    func insert(_ batch: CandidateBatch, runID: Int64, versionIDs: [Int64]) throws -> Range<Int64>
    /// Records that source line `line` of run `runID` was rejected, with a reason code; never the row's content.
    func insertRejected(runID: Int64, line: Int, reason: String) throws
    /// Writes every buffered row and commits. The writer may be used again afterwards.
    func finish() throws
    /// Discards every row not yet committed (rolls back the writer's open transaction); what was committed stays.
    /// Never throws; calling it with nothing open does nothing.
    func abandon()
}
