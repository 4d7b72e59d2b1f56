/// The lengths a version's length rules allow: at least `min` characters and at most `max` (nil: no maximum), as the
/// version counts them. Charts mark them on the length histogram.
package struct LengthLimits: Sendable, Equatable, Codable {
    /// The shortest length allowed.
    package var min: Int
    /// The longest length allowed, or nil.
    package var max: Int?

    /// Limits from `min` to `max`.
    package init(min: Int, max: Int?) {
        self.min = min
        self.max = max
    }

    /// The tightest limits of several length rules (the largest minimum, the smallest maximum); nil for none.
    package static func combined(_ rules: [LengthLimits]) -> LengthLimits? {
        guard let first = rules.first else { return nil }
        return rules.dropFirst().reduce(first) { limits, rule in
            LengthLimits(
                min: Swift.max(limits.min, rule.min),
                max: [limits.max, rule.max].compactMap { $0 }.min())
        }
    }

    private enum CodingKeys: String, CodingKey {
        case min, max
    }

    /// Encodes `{"min": N, "max": N|null}`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(min, forKey: .min)
        try container.encode(max, forKey: .max)
    }
}
