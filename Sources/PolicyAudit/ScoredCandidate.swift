import AuditCrypto
import PolicyStore

/// One accepted row after scoring: everything that is stored or tallied about it, and never its password.
package struct ScoredCandidate: Sendable {
    /// Physical line of the record in the source.
    package var line: Int
    package var externalID: String?
    package var username: String?
    package var submittedAt: String?
    /// HMAC-SHA256 of the NFKC-normalized password under the database's key.
    package var fingerprint: Fingerprint
    package var features: CandidateFeatureRow
    /// Classes present, as a `CompositionMask` bit set.
    package var composition: UInt8
    /// Failure mask under each policy version of the import, in order.
    package var masks: [UInt64]
    /// The submission day as the number yyyymmdd, when `submittedAt` starts with a date.
    package var day: Int?
}
