import AuditCrypto
import AuditTime

/// Scored candidates of one import, packed for `AttemptWriter.insert(_:runID:versionIDs:)`: a few flat arrays
/// instead of one value with several strings per candidate, so building a batch allocates nothing once its arrays
/// have grown, and the writer binds every text and fingerprint straight from them without copying.
///
/// Holds no password: only what the `candidate` table stores, and one failure mask per policy version.
package struct CandidateBatch: Sendable {
    /// Failure masks per candidate: one per policy version, in the order the writer is given the versions.
    package let outcomeCount: Int
    package private(set) var lines: [Int64] = []
    /// Per candidate, its external id, username and submission time (UTF-8, nil for NULL), in that order; the time is
    /// always the canonical text of a `UTCInstant`.
    package private(set) var texts: PackedFields
    /// 32 bytes per candidate.
    package private(set) var fingerprints: [UInt8] = []
    package private(set) var features: [CandidateFeatureRow] = []
    /// `outcomeCount` masks per candidate.
    package private(set) var masks: [UInt64] = []
    /// One stored strength estimate per candidate when the batch carries them (`hasStrength`), else empty: the
    /// `candidate.strength_*` columns are NULL.
    package private(set) var strengths: [CandidateStrength] = []

    /// An empty batch of candidates with `outcomeCount` failure masks each, with room for `capacity` of them.
    package init(outcomeCount: Int, capacity: Int = 0) {
        self.outcomeCount = outcomeCount
        texts = PackedFields(fields: capacity * 3, bytes: capacity * 48)
        lines.reserveCapacity(capacity)
        fingerprints.reserveCapacity(capacity * Fingerprint.byteCount)
        features.reserveCapacity(capacity)
        masks.reserveCapacity(capacity * outcomeCount)
    }

    /// Appends one candidate; the texts are UTF-8 bytes, nil for NULL, and the time is stored as its canonical text.
    /// - Parameters:
    ///   - line: The 1-based physical line where the record starts in the source file.
    ///   - canonicalText: `submittedAt`'s canonical text when the caller holds it (the input was written so), copied
    ///     instead of written again: the import's per-row path.
    ///   - masks: Exactly `outcomeCount` failure masks.
    package mutating func append(
        line: Int, externalID: UnsafeRawBufferPointer?, username: UnsafeRawBufferPointer?,
        submittedAt: UTCInstant?, canonicalText: UnsafeRawBufferPointer? = nil, fingerprint: Fingerprint,
        features: CandidateFeatureRow, masks: UnsafeBufferPointer<UInt64>
    ) {
        precondition(masks.count == outcomeCount, "a candidate needs one mask per policy version")
        lines.append(Int64(line))
        texts.append(externalID)
        texts.append(username)
        if let canonicalText, submittedAt != nil {
            assert(submittedAt?.text == String(decoding: canonicalText, as: UTF8.self), "not the canonical text")
            texts.append(canonicalText)
        } else if let submittedAt {
            submittedAt.withCanonicalText { texts.append($0) }
        } else {
            texts.append(nil)
        }
        fingerprint.withUnsafeBytes { fingerprints.append(contentsOf: $0.assumingMemoryBound(to: UInt8.self)) }
        self.features.append(features)
        self.masks.append(contentsOf: masks)
    }

    /// Appends `strength` for the candidate appended last. A batch carries an estimate for each of its candidates or
    /// for none: call it after every `append` or never.
    package mutating func appendStrength(_ strength: CandidateStrength) {
        strengths.append(strength)
        precondition(strengths.count == lines.count, "a strength estimate per candidate, or none")
    }

    /// Whether the candidates carry strength estimates.
    package var hasStrength: Bool { !strengths.isEmpty }

    /// Candidates in the batch.
    package var count: Int { lines.count }
}
