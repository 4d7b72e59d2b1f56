/// What the import did with the source file's rows: read, accepted as candidates, or rejected and why.
package struct RowCounts: Sendable, Equatable, Codable {
    /// Data rows read from the file (header excluded).
    package var read: Int
    /// Rows accepted as candidates.
    package var accepted: Int
    /// Rows rejected.
    package var rejected: Int
    /// Rejected rows by reason, sorted by count (largest first), then reason.
    package private(set) var rejectedByReason: [ReasonCount]

    /// Creates row counts; `rejectedByReason` is sorted by count, then reason.
    package init(read: Int, accepted: Int, rejected: Int, rejectedByReason: [ReasonCount]) {
        self.read = read
        self.accepted = accepted
        self.rejected = rejected
        self.rejectedByReason = rejectedByReason.sorted {
            $0.count != $1.count ? $0.count > $1.count : $0.reason < $1.reason
        }
    }

    private enum CodingKeys: String, CodingKey {
        case read, accepted, rejected
        case rejectedByReason = "rejected_by_reason"
    }

    /// Decodes a `rows` object.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            read: try container.decode(Int.self, forKey: .read),
            accepted: try container.decode(EncodedShare.self, forKey: .accepted).count,
            rejected: try container.decode(EncodedShare.self, forKey: .rejected).count,
            rejectedByReason: try container.decode([ReasonCount].self, forKey: .rejectedByReason)
        )
    }

    /// Encodes a `rows` object; percentages are of rows read.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(read, forKey: .read)
        try container.encode(EncodedShare(accepted, of: read), forKey: .accepted)
        try container.encode(EncodedShare(rejected, of: read), forKey: .rejected)
        try container.encode(rejectedByReason.withPercent(of: read), forKey: .rejectedByReason)
    }
}
