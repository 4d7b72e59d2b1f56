import AuditRepositories
import PolicyCSV

/// Accepted and rejected rows of one stretch of the source, in file order: what the reading thread hands the scoring
/// workers. Accepted rows are packed as bytes in one buffer (no `String` per field), so handing a row over costs a
/// copy of its bytes and nothing else.
///
/// The buffer holds passwords: it lives in memory only, for as long as the batch is being scored.
struct RowBatch: Sendable {
    private var lines: [Int] = []
    /// Per row: password, username, email, external id, submission time.
    private var fields = PackedFields(fields: CSVImport.batchSize * 5, bytes: CSVImport.batchSize * 80)
    var rejections: [RowRejection] = []

    /// An empty batch with room for a full one.
    init() { lines.reserveCapacity(CSVImport.batchSize) }

    /// Accepted rows held.
    var count: Int { lines.count }

    /// Whether the batch holds no row at all, accepted or rejected.
    var isEmpty: Bool { lines.isEmpty && rejections.isEmpty }

    /// Copies one accepted row in.
    mutating func append(_ row: CSVRowFields) {
        lines.append(row.line)
        fields.append(row.password)
        fields.append(row.username)
        fields.append(row.email)
        fields.append(row.externalID)
        fields.append(row.submittedAt)
    }

    /// Runs `body` with each accepted row in order, its fields borrowed from this batch for the call.
    func forEachRow<E: Error>(_ body: (CSVRowFields) throws(E) -> Void) throws(E) {
        try fields.withFields { fields throws(E) in
            for (row, line) in lines.enumerated() {
                let base = row * 5
                try body(
                    CSVRowFields(
                        line: line, password: fields[base]!, username: fields[base + 1], email: fields[base + 2],
                        externalID: fields[base + 3], submittedAt: fields[base + 4]))
            }
        }
    }
}
