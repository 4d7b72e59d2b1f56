/// Validated rows on their way from the reading thread to a scoring worker, numbered in file order.
struct RowBatch: Sendable {
    /// Position of the batch in the file: the writer stores batches in this order.
    var sequence = 0
    var rows: [CandidateRow] = []
    var rejections: [RowRejection] = []

    /// Whether the batch carries nothing.
    var isEmpty: Bool { rows.isEmpty && rejections.isEmpty }
}
