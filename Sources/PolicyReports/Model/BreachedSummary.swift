/// How many of a version's candidates its breach-corpus rules (`hibp:` and `hibp-ntlm:` blocklist sources) refused,
/// bucketed by how many times the corpus had seen the password. Counts only: no hash, no password.
package struct BreachedSummary: Sendable, Equatable {
    /// Candidates whose breach count lies in `lowest...highest` (`highest` nil: no upper bound).
    package struct Bucket: Sendable, Equatable, Codable, CountedFigure {
        /// The smallest breach count in the bucket.
        package var lowest: Int
        /// The largest breach count in the bucket, or nil for the open last bucket.
        package var highest: Int?
        /// Candidates in the bucket.
        package var count: Int

        /// Creates a bucket.
        package init(lowest: Int, highest: Int?, count: Int) {
            self.lowest = lowest
            self.highest = highest
            self.count = count
        }

        /// The bucket as reports print it: `1`, `2–10`, `101–1,000`, `> 1,000`.
        package var label: String {
            guard let highest else { return "> \(ReportNumber.grouped(lowest - 1))" }
            if highest == lowest { return ReportNumber.grouped(lowest) }
            return "\(ReportNumber.grouped(lowest))–\(ReportNumber.grouped(highest))"
        }

        private enum CodingKeys: String, CodingKey {
            case label, count
            case lowest = "min_count"
            case highest = "max_count"
        }

        /// Decodes a bucket; its label is derived again from the bounds.
        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                lowest: try container.decode(Int.self, forKey: .lowest),
                highest: try container.decodeIfPresent(Int.self, forKey: .highest),
                count: try container.decode(Int.self, forKey: .count))
        }

        /// Encodes a bucket with its label; an open bound is `null`.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(label, forKey: .label)
            try container.encode(lowest, forKey: .lowest)
            try container.encode(highest, forKey: .highest)
            try container.encode(count, forKey: .count)
        }
    }

    /// The buckets, from the lowest breach counts up.
    package var buckets: [Bucket]

    /// Creates a summary of `buckets`.
    package init(buckets: [Bucket]) {
        self.buckets = buckets
    }

    /// Candidates refused in all buckets together.
    package var matched: Int { buckets.reduce(0) { $0 + $1.count } }
}
