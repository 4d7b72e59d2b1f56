import PolicyCompliance

/// One stored policy version's compliance: a result per standard, the conflicts, and the run evidence.
package struct VersionCompliance: Sendable, Equatable, Encodable {
    /// The version.
    package var policy: PolicyVersionRef
    /// One result per standard, in report order.
    package var results: [StandardResult]
    /// The known conflicts whose two sides were evaluated.
    package var conflicts: [ConflictFinding]
    /// Figures from the latest complete run, when there is one.
    package var evidence: ComplianceEvidence?
    /// The facts the version's definition declares under its `compliance` key, with where each came from.
    package var declared: [DeclaredFact]

    /// Creates a version's entry.
    package init(
        policy: PolicyVersionRef, results: [StandardResult], conflicts: [ConflictFinding],
        evidence: ComplianceEvidence?,
        declared: [DeclaredFact] = []
    ) {
        self.policy = policy
        self.results = results
        self.conflicts = conflicts
        self.evidence = evidence
        self.declared = declared
    }

    /// The evidence beside `clause`, if any.
    package func evidence(for clause: String) -> ClauseEvidence? {
        evidence?.clauses.first { $0.clause == clause }
    }
}
