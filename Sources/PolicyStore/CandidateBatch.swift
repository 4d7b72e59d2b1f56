import AuditCrypto

/// Scored candidates of one import, packed for `AttemptWriter.insert(_:runID:versionIDs:)`: a few flat arrays
/// instead of one value with several strings per candidate, so building a batch allocates nothing once its arrays
/// have grown, and the writer binds every text and fingerprint straight from them without copying.
///
/// Holds no password: only what the `candidate` table stores, and one failure mask per policy version.
package struct CandidateBatch: Sendable {
    /// Failure masks per candidate: one per policy version, in the order the writer is given the versions.
    package let outcomeCount: Int
    /// Candidates in the batch.
    package private(set) var count = 0
    private(set) var lines: [Int64] = []
    /// The UTF-8 bytes of every optional text, back to back.
    private(set) var textBytes: [UInt8] = []
    /// Per candidate, `(offset, length)` into `textBytes` of its external id, username and submission time, in that
    /// order; a length of -1 is NULL.
    private(set) var textSpans: [Int32] = []
    /// 32 bytes per candidate.
    private(set) var fingerprints: [UInt8] = []
    private(set) var features: [CandidateFeatureRow] = []
    /// `outcomeCount` masks per candidate.
    private(set) var masks: [UInt64] = []

    /// An empty batch of candidates with `outcomeCount` failure masks each, with room for `capacity` of them.
    package init(outcomeCount: Int, capacity: Int = 0) {
        self.outcomeCount = outcomeCount
        lines.reserveCapacity(capacity)
        textBytes.reserveCapacity(capacity * 48)
        textSpans.reserveCapacity(capacity * 6)
        fingerprints.reserveCapacity(capacity * Fingerprint.byteCount)
        features.reserveCapacity(capacity)
        masks.reserveCapacity(capacity * outcomeCount)
    }

    /// Appends one candidate; the texts are UTF-8 bytes, nil for NULL.
    /// - Parameters:
    ///   - line: The 1-based physical line where the record starts in the source file.
    ///   - masks: Exactly `outcomeCount` failure masks.
    package mutating func append(
        line: Int, externalID: UnsafeRawBufferPointer?, username: UnsafeRawBufferPointer?,
        submittedAt: UnsafeRawBufferPointer?, fingerprint: Fingerprint, features: CandidateFeatureRow,
        masks: UnsafeBufferPointer<UInt64>
    ) {
        precondition(masks.count == outcomeCount, "a candidate needs one mask per policy version")
        lines.append(Int64(line))
        appendText(externalID)
        appendText(username)
        appendText(submittedAt)
        fingerprint.withUnsafeBytes { fingerprints.append(contentsOf: $0.assumingMemoryBound(to: UInt8.self)) }
        self.features.append(features)
        self.masks.append(contentsOf: masks)
        count += 1
    }

    /// Appends one candidate whose texts are strings.
    package mutating func append(
        line: Int, externalID: String?, username: String?, submittedAt: String?, fingerprint: Fingerprint,
        features: CandidateFeatureRow, masks: [UInt64]
    ) {
        var texts = (externalID, username, submittedAt)
        func bytes<R>(_ text: inout String?, _ body: (UnsafeRawBufferPointer?) -> R) -> R {
            guard text != nil else { return body(nil) }
            return text!.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        }
        bytes(&texts.0) { id in
            bytes(&texts.1) { user in
                bytes(&texts.2) { time in
                    masks.withUnsafeBufferPointer { masks in
                        append(
                            line: line, externalID: id, username: user, submittedAt: time, fingerprint: fingerprint,
                            features: features, masks: masks)
                    }
                }
            }
        }
    }

    /// Empties the batch, keeping its capacity.
    package mutating func removeAll() {
        count = 0
        lines.removeAll(keepingCapacity: true)
        textBytes.removeAll(keepingCapacity: true)
        textSpans.removeAll(keepingCapacity: true)
        fingerprints.removeAll(keepingCapacity: true)
        features.removeAll(keepingCapacity: true)
        masks.removeAll(keepingCapacity: true)
    }

    private mutating func appendText(_ text: UnsafeRawBufferPointer?) {
        guard let text else {
            textSpans.append(0)
            textSpans.append(-1)
            return
        }
        textSpans.append(Int32(textBytes.count))
        textSpans.append(Int32(text.count))
        textBytes.append(contentsOf: text.assumingMemoryBound(to: UInt8.self))
    }
}
