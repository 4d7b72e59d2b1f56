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
    /// Accepted rows without a submission time (no time column, or an empty field): `time: none`.
    package var timeNone: Int
    /// Accepted rows whose submission time is not a valid timestamp, scored all the same: `time: invalid`.
    package var timeInvalid: Int

    /// Creates row counts; `rejectedByReason` is sorted by count, then reason.
    package init(
        read: Int, accepted: Int, rejected: Int, rejectedByReason: [ReasonCount], timeNone: Int = 0,
        timeInvalid: Int = 0
    ) {
        self.read = read
        self.accepted = accepted
        self.rejected = rejected
        self.timeNone = timeNone
        self.timeInvalid = timeInvalid
        self.rejectedByReason = rejectedByReason.sorted {
            $0.count != $1.count ? $0.count > $1.count : $0.reason < $1.reason
        }
    }

    private enum CodingKeys: String, CodingKey {
        case read, accepted, rejected
        case rejectedByReason = "rejected_by_reason"
        case timeNone = "time_none"
        case timeInvalid = "time_invalid"
    }

    /// The accepted rows without a valid time, labelled as reports print them; only counts above zero.
    package var undatedLines: [(label: String, count: Int)] {
        [(HistoryBucket.noTimeKey, timeNone), (HistoryBucket.invalidTimeKey, timeInvalid)].filter { $0.count > 0 }
    }

    /// Decodes a `rows` object.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            read: try container.decode(Int.self, forKey: .read),
            accepted: try container.decode(EncodedShare.self, forKey: .accepted).count,
            rejected: try container.decode(EncodedShare.self, forKey: .rejected).count,
            rejectedByReason: try container.decode([ReasonCount].self, forKey: .rejectedByReason),
            timeNone: try container.decodeIfPresent(EncodedShare.self, forKey: .timeNone)?.count ?? 0,
            timeInvalid: try container.decodeIfPresent(EncodedShare.self, forKey: .timeInvalid)?.count ?? 0
        )
    }

    /// Encodes a `rows` object; percentages are of rows read.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(read, forKey: .read)
        try container.encode(EncodedShare(accepted, of: read), forKey: .accepted)
        try container.encode(EncodedShare(rejected, of: read), forKey: .rejected)
        try container.encode(rejectedByReason.withPercent(of: read), forKey: .rejectedByReason)
        try container.encode(EncodedShare(timeNone, of: read), forKey: .timeNone)
        try container.encode(EncodedShare(timeInvalid, of: read), forKey: .timeInvalid)
    }
}
