import Foundation

/// One of the runs an aggregate report (`pwaudit report --runs`, `--label`) adds up: its provenance and the figures
/// that cannot be added across runs, shown for it alone.
///
/// Fingerprint reuse is such a figure: a password one run holds twice and another once is one group of three across
/// both, but a group of two and nothing in the runs' own counts, so the runs' groups are never summed.
package struct AggregatedRun: Sendable, Equatable, Codable {
    /// The run and its source file.
    package var run: RunProvenance
    /// The run's candidates (its accepted rows).
    package var candidates: Int
    /// Fingerprint reuse among the run's own candidates.
    package var reuse: ReuseSummary

    /// Creates a run's part of an aggregate.
    package init(run: RunProvenance, candidates: Int, reuse: ReuseSummary) {
        self.run = run
        self.candidates = candidates
        self.reuse = reuse
    }

    private enum CodingKeys: String, CodingKey {
        case candidates, reuse
    }

    private enum ReuseKeys: String, CodingKey {
        case groupCount = "group_count"
        case candidatesInGroups = "candidates_in_groups"
        case largestGroupSize = "largest_group_size"
    }

    /// Decodes a `runs` element: the `run` object's keys, `candidates` and `reuse`.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let reuse = try container.nestedContainer(keyedBy: ReuseKeys.self, forKey: .reuse)
        self.init(
            run: try RunProvenance(from: decoder), candidates: try container.decode(Int.self, forKey: .candidates),
            reuse: ReuseSummary(
                groupCount: try reuse.decode(Int.self, forKey: .groupCount),
                candidatesInGroups: try reuse.decode(EncodedShare.self, forKey: .candidatesInGroups).count,
                largestGroupSize: try reuse.decode(Int.self, forKey: .largestGroupSize)))
    }

    /// Encodes a `runs` element: the `run` object's keys, then `candidates` and `reuse` (its share of `candidates`).
    package func encode(to encoder: any Encoder) throws {
        try run.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(candidates, forKey: .candidates)
        var reuseContainer = container.nestedContainer(keyedBy: ReuseKeys.self, forKey: .reuse)
        try reuseContainer.encode(reuse.groupCount, forKey: .groupCount)
        try reuseContainer.encode(EncodedShare(reuse.candidatesInGroups, of: candidates), forKey: .candidatesInGroups)
        try reuseContainer.encode(reuse.largestGroupSize, forKey: .largestGroupSize)
    }
}
