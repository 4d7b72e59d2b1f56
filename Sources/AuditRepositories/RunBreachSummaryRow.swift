/// Per run and scored version: how many candidates the version's breach-corpus rules refused, by how often the
/// corpus had seen the password (`run_breach_summary`). Written only for versions with such a rule.
package struct RunBreachSummaryRow: Sendable, Equatable {
    /// The bucket bounds, inclusive: seen once, 2–10, 11–100, 101–1,000 and more than 1,000 times (`nil`: no upper
    /// bound).
    package static let bucketBounds: [(lowest: Int, highest: Int?)] = [
        (1, 1), (2, 10), (11, 100), (101, 1_000), (1_001, nil),
    ]

    /// The policy version.
    package var policyVersionID: Int64
    /// Candidates per bucket, in `bucketBounds` order (always five).
    package var buckets: [Int]

    /// Creates a row; `buckets` holds one count per bucket of `bucketBounds`.
    package init(policyVersionID: Int64, buckets: [Int]) {
        precondition(buckets.count == Self.bucketBounds.count, "one count per breach bucket")
        self.policyVersionID = policyVersionID
        self.buckets = buckets
    }

    /// Candidates refused in all buckets together.
    package var matched: Int { buckets.reduce(0, +) }

    /// The bucket index of a breach count of at least 1.
    @inline(__always)
    package static func bucket(ofCount count: Int) -> Int {
        switch count {
        case ...1: 0
        case ...10: 1
        case ...100: 2
        case ...1_000: 3
        default: 4
        }
    }
}
