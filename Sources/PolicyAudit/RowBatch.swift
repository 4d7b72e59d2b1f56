/// Accepted and rejected rows of one stretch of the source, in file order: what the reading thread hands the scoring
/// workers. Accepted rows are packed as bytes in one buffer (no `String` per field), so handing a row over costs a
/// copy of its bytes and nothing else.
///
/// The buffer holds passwords: it lives in memory only, for as long as the batch is being scored.
struct RowBatch: Sendable {
    private var bytes: [UInt8] = []
    private var lines: [Int] = []
    /// Per row, `(offset, length)` into `bytes` of password, username, email, external id, submission time;
    /// a length of -1 is nil.
    private var spans: [Int32] = []
    var rejections: [RowRejection] = []

    private static let fieldsPerRow = 5

    /// An empty batch with room for a full one.
    init() {
        bytes.reserveCapacity(CSVImport.batchSize * 80)
        lines.reserveCapacity(CSVImport.batchSize)
        spans.reserveCapacity(CSVImport.batchSize * Self.fieldsPerRow * 2)
    }

    /// Accepted rows held.
    var count: Int { lines.count }

    /// Whether the batch holds no row at all, accepted or rejected.
    var isEmpty: Bool { lines.isEmpty && rejections.isEmpty }

    /// Copies one accepted row in.
    mutating func append(_ row: CSVRowFields) {
        lines.append(row.line)
        append(row.password)
        append(row.username)
        append(row.email)
        append(row.externalID)
        append(row.submittedAt)
    }

    private mutating func append(_ field: UnsafeRawBufferPointer?) {
        guard let field else {
            spans.append(0)
            spans.append(-1)
            return
        }
        spans.append(Int32(bytes.count))
        spans.append(Int32(field.count))
        bytes.append(contentsOf: field.assumingMemoryBound(to: UInt8.self))
    }

    /// Runs `body` with each accepted row in order, its fields borrowed from this batch for the call.
    func forEachRow(_ body: (CSVRowFields) throws -> Void) rethrows {
        try bytes.withUnsafeBytes { bytes in
            try spans.withUnsafeBufferPointer { spans in
                func field(_ row: Int, _ index: Int) -> UnsafeRawBufferPointer? {
                    let at = (row * Self.fieldsPerRow + index) * 2
                    let length = Int(spans[at + 1])
                    guard length >= 0 else { return nil }
                    return UnsafeRawBufferPointer(start: bytes.baseAddress.map { $0 + Int(spans[at]) }, count: length)
                }
                for row in lines.indices {
                    try body(
                        CSVRowFields(
                            line: lines[row], password: field(row, 0)!, username: field(row, 1),
                            email: field(row, 2), externalID: field(row, 3), submittedAt: field(row, 4)))
                }
            }
        }
    }
}
