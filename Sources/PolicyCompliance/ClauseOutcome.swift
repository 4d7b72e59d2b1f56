/// What one check found: the verdict, the policy's value and the value the standard requires, as short text.
package struct ClauseOutcome: Sendable, Equatable {
    /// The verdict.
    package var verdict: ComplianceVerdict
    /// The policy's value, e.g. `8` or `require-upper, require-digit`.
    package var policyValue: String
    /// The standard's requirement, e.g. `≥ 15 (single-factor)`.
    package var requiredValue: String
    /// The data a run can add beside the verdict, if any.
    package var evidence: EvidenceRequest?

    /// Creates an outcome.
    package init(
        _ verdict: ComplianceVerdict, policy: String, required: String, evidence: EvidenceRequest? = nil
    ) {
        self.verdict = verdict
        policyValue = policy
        requiredValue = required
        self.evidence = evidence
    }
}
