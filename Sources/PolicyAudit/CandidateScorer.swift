import AuditCrypto
import PasswordPolicy
import PolicyStore

/// Scores accepted rows against compiled policy versions: fingerprint, features and one failure mask per version.
///
/// Not thread-safe (it reuses one HMAC context); make one per thread. The password is dropped when `score` returns.
package final class CandidateScorer {
    private let policies: [CompiledPolicy]
    private let fingerprinter: Fingerprinter

    /// A scorer for `policies` fingerprinting with `key`.
    package init(policies: [CompiledPolicy], key: HMACSHA256Key) {
        self.policies = policies
        fingerprinter = Fingerprinter(key: key)
    }

    /// Scores one row.
    package func score(_ row: CandidateRow) -> ScoredCandidate {
        var normalizedPassword = PasswordNormalizer.normalized(row.password, .nfkc)
        let fingerprint = normalizedPassword.withUTF8 { fingerprinter.fingerprint(UnsafeRawBufferPointer($0)) }
        let features = PasswordFeatures(password: normalizedPassword, normalization: .none)
        let candidate = Candidate(password: row.password, username: row.username, email: row.email)
        return ScoredCandidate(
            line: row.line, externalID: row.externalID, username: row.username, submittedAt: row.submittedAt,
            fingerprint: fingerprint,
            features: CandidateFeatureRow(
                length: features.length, upperCount: features.upper, lowerCount: features.lower,
                digitCount: features.digit, specialCount: features.special, otherLetterCount: features.otherLetter,
                spaceCount: features.space, otherCount: features.mark + features.other),
            composition: features.composition,
            masks: policies.map { $0.failureMask(candidate).rawValue },
            day: row.submittedAt.flatMap(Self.dayNumber))
    }

    /// `2026-11-30…` as 20261130; nil unless the text starts with a `YYYY-MM-DD` date.
    static func dayNumber(_ text: String) -> Int? {
        var value = 0
        var count = 0
        for byte in text.utf8.prefix(10) {
            count += 1
            switch count {
            case 5, 8: guard byte == UInt8(ascii: "-") else { return nil }
            default:
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
        }
        return count == 10 ? value : nil
    }
}
