/// One policy's compliance assessment: a result per standard and the conflicts between them.
package struct ComplianceAssessment: Sendable, Equatable, Encodable {
    /// One result per standard, in the order asked for.
    package var results: [StandardResult]
    /// The conflicts whose two sides were both evaluated.
    package var conflicts: [ConflictFinding]
    /// The facts the policy declares for the standards' alternatives, with where each came from.
    package var declared: [DeclaredFact]

    /// Creates a compliance answer.
    package init(results: [StandardResult], conflicts: [ConflictFinding], declared: [DeclaredFact] = []) {
        self.results = results
        self.conflicts = conflicts
        self.declared = declared
    }
}
