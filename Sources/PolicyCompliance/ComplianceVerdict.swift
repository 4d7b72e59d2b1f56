/// The answer one clause gets for one policy version.
package enum ComplianceVerdict: String, Sendable, Equatable, Codable, CaseIterable {
    /// The policy meets the clause.
    case pass
    /// The policy does not meet the clause.
    case fail
    /// The policy's declared context makes the clause moot (PCI 8.3.9 where the password is one factor of MFA).
    case notApplicable = "not-applicable"
    /// A policy file cannot show it (hashing, TLS, UI, process, data): it needs an attestation or evidence.
    case needsEvidence = "needs-evidence"
    /// An attribute the clause needs is missing from the policy (e.g. no `history` declared).
    case unknown
}
