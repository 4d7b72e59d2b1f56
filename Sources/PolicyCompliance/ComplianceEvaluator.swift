import PasswordPolicy

/// Evaluates policies against standards: the pure API behind `pwaudit compliance` (no store, no I/O), which can also
/// materialise findings per stored version.
package enum ComplianceEvaluator {
    /// The findings of `policy` under `standard`, one per clause.
    package static func evaluate(_ policy: PasswordPolicy, against standard: ComplianceStandard) -> StandardResult {
        evaluate(PolicyFacts(policy), against: standard)
    }

    /// The findings of a policy's `facts` under `standard`.
    package static func evaluate(_ facts: PolicyFacts, against standard: ComplianceStandard) -> StandardResult {
        StandardResult(
            standard: standard,
            findings: standard.clauses.map { ClauseFinding($0, $0.outcome(facts)) })
    }

    /// The whole answer for one policy: each of `standards` and the conflicts among the evaluated clauses.
    package static func evaluate(
        _ policy: PasswordPolicy, against standards: [ComplianceStandard] = ComplianceCatalog.standards
    ) -> ComplianceAssessment {
        let facts = PolicyFacts(policy)
        let results = standards.map { evaluate(facts, against: $0) }
        return ComplianceAssessment(
            results: results, conflicts: conflicts(in: results), declared: DeclaredFact.facts(of: policy))
    }

    /// The known conflicts with evaluated clauses on both sides, in catalog order; none is left out because the
    /// policy happens to satisfy one side.
    package static func conflicts(in results: [StandardResult]) -> [ConflictFinding] {
        let byID = Dictionary(
            results.flatMap(\.findings).map { ($0.clause, $0) }, uniquingKeysWith: { first, _ in first })
        return ComplianceCatalog.conflicts.compactMap { conflict in
            let sideA = conflict.sideA.compactMap { byID[$0] }
            let sideB = conflict.sideB.compactMap { byID[$0] }
            guard !sideA.isEmpty, !sideB.isEmpty else { return nil }
            return ConflictFinding(conflict, sideA: sideA, sideB: sideB)
        }
    }
}
