import AuditCrypto
import AuditRepositories
import PolicyCSV

/// What scoring one accepted row yields besides its failure masks (`CandidateScorer.masks`); never its password.
package struct ScoredCandidate: Sendable {
    /// HMAC-SHA256 of the NFKC-normalized password under the database's key.
    package var fingerprint: Fingerprint
    package var features: CandidateFeatureRow
    /// Classes present, as a `CompositionMask` bit set.
    package var composition: UInt8
    /// The submission time as read from the row: what is stored (its canonical instant, or NULL) and its day.
    package var time: SubmissionTime
    /// zxcvbn's estimate as stored, when the scorer estimates strength (`CandidateScorer.estimatesStrength`).
    package var strength: CandidateStrength? = nil
    /// The UTC submission day as the number yyyymmdd, or `SubmissionDay.none` / `.invalid`.
    package var day: Int { time.dayNumber }
}
