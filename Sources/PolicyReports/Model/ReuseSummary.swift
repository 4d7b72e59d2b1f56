/// Candidates that share a fingerprint with another candidate of the run (the same password typed twice).
package struct ReuseSummary: Sendable, Equatable, Codable {
    /// Groups of two or more candidates sharing one fingerprint.
    package var groupCount: Int
    /// Candidates that belong to such a group.
    package var candidatesInGroups: Int
    /// The size of the largest group (0 when there is none).
    package var largestGroupSize: Int

    /// Creates a reuse summary.
    package init(groupCount: Int, candidatesInGroups: Int, largestGroupSize: Int) {
        self.groupCount = groupCount
        self.candidatesInGroups = candidatesInGroups
        self.largestGroupSize = largestGroupSize
    }

    /// No reuse.
    package static let none = ReuseSummary(groupCount: 0, candidatesInGroups: 0, largestGroupSize: 0)

    private enum CodingKeys: String, CodingKey {
        case groupCount = "group_count"
        case candidatesInGroups = "candidates_in_groups"
        case largestGroupSize = "largest_group_size"
    }
}
