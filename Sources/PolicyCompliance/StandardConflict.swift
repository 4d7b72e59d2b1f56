/// A known contradiction between standards (standards.md §8): clauses on one side that a policy cannot meet
/// together with clauses on the other.
package struct StandardConflict: Sendable, Equatable {
    /// The research's number, e.g. `C1`.
    package var id: String
    /// The topic, e.g. "Composition rules".
    package var topic: String
    /// Clause ids on side A (e.g. the clauses that require composition).
    package var sideA: [String]
    /// Clause ids on side B (e.g. the clauses that forbid it).
    package var sideB: [String]
    /// Whether one policy can satisfy both sides, and how.
    package var resolution: String

    /// Creates a conflict.
    package init(_ id: String, _ topic: String, sideA: [String], sideB: [String], resolution: String) {
        self.id = id
        self.topic = topic
        self.sideA = sideA
        self.sideB = sideB
        self.resolution = resolution
    }
}
