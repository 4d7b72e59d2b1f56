/// A range of lengths drawn as one bar in charts (`8–11`); JSON keeps the exact per-length counts.
package struct LengthBucket: Sendable, Equatable {
    /// The shortest length in the bucket.
    package var lower: Int
    /// The longest length in the bucket; nil for the open last bucket (`32+`).
    package var upper: Int?
    /// How many candidates fall in the bucket.
    package var count: Int

    /// The bucket's label: `8–11`, or `32+` for the last one.
    package var label: String {
        guard let upper else { return "\(lower)+" }
        return lower == upper ? "\(lower)" : "\(lower)–\(upper)"
    }

    /// The bucket boundaries used by every renderer: 0–4, 5–7, 8–11, 12–14, 15–19, 20–31, 32+.
    package static let boundaries: [(lower: Int, upper: Int?)] = [
        (0, 4), (5, 7), (8, 11), (12, 14), (15, 19), (20, 31), (32, nil),
    ]

    /// Sums an exact histogram into the standard buckets (all of them, empty ones included).
    package static func buckets(of histogram: [LengthCount]) -> [LengthBucket] {
        boundaries.map { bounds in
            let count = histogram.lazy
                .filter { entry in entry.length >= bounds.lower && entry.length <= (bounds.upper ?? Int.max) }
                .reduce(0) { $0 + $1.count }
            return LengthBucket(lower: bounds.lower, upper: bounds.upper, count: count)
        }
    }
}
