/// Run-level features of the candidates, independent of any policy: lengths, class mix, reuse.
package struct RunFeatures: Sendable, Equatable, Codable {
    /// Exact counts per length, sorted by length.
    package private(set) var lengthHistogram: [LengthCount]
    /// Counts per class combination, sorted by count (largest first), then name.
    package private(set) var classComposition: [ClassCount]
    /// Candidates sharing a fingerprint; nil in an aggregate report, which shows each run's reuse instead (groups
    /// do not add across runs).
    package var reuse: ReuseSummary?

    /// Creates run features; sorts the histogram by length and the composition by count.
    package init(lengthHistogram: [LengthCount], classComposition: [ClassCount], reuse: ReuseSummary?) {
        self.lengthHistogram = lengthHistogram.sorted { $0.length < $1.length }
        self.classComposition = classComposition.sorted {
            $0.count != $1.count ? $0.count > $1.count : $0.classes < $1.classes
        }
        self.reuse = reuse
    }

    /// No candidates: empty histogram and composition, no reuse.
    package static let empty = RunFeatures(lengthHistogram: [], classComposition: [], reuse: ReuseSummary.none)

    /// The candidates the features describe: the sum of the length histogram (the denominator of its shares).
    package var candidates: Int { lengthHistogram.reduce(0) { $0 + $1.count } }

    /// The histogram summed into the standard chart buckets.
    package var lengthBuckets: [LengthBucket] { LengthBucket.buckets(of: lengthHistogram) }

    private enum CodingKeys: String, CodingKey {
        case candidates
        case lengthHistogram = "length_histogram"
        case classComposition = "class_composition"
        case reuse
    }

    private enum ReuseKeys: String, CodingKey {
        case groupCount = "group_count"
        case candidatesInGroups = "candidates_in_groups"
        case largestGroupSize = "largest_group_size"
    }

    /// Decodes a `features` object.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var summary: ReuseSummary?
        if try !container.decodeNil(forKey: .reuse) {
            let reuse = try container.nestedContainer(keyedBy: ReuseKeys.self, forKey: .reuse)
            summary = ReuseSummary(
                groupCount: try reuse.decode(Int.self, forKey: .groupCount),
                candidatesInGroups: try reuse.decode(EncodedShare.self, forKey: .candidatesInGroups).count,
                largestGroupSize: try reuse.decode(Int.self, forKey: .largestGroupSize))
        }
        self.init(
            lengthHistogram: try container.decode([LengthCount].self, forKey: .lengthHistogram),
            classComposition: try container.decode([ClassCount].self, forKey: .classComposition),
            reuse: summary
        )
    }

    /// Encodes a `features` object; every percentage is of `candidates`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(candidates, forKey: .candidates)
        try container.encode(lengthHistogram.withPercent(of: candidates), forKey: .lengthHistogram)
        try container.encode(classComposition.withPercent(of: candidates), forKey: .classComposition)
        guard let reuse else { return try container.encodeNil(forKey: .reuse) }
        var reuseContainer = container.nestedContainer(keyedBy: ReuseKeys.self, forKey: .reuse)
        try reuseContainer.encode(reuse.groupCount, forKey: .groupCount)
        try reuseContainer.encode(EncodedShare(reuse.candidatesInGroups, of: candidates), forKey: .candidatesInGroups)
        try reuseContainer.encode(reuse.largestGroupSize, forKey: .largestGroupSize)
    }
}
