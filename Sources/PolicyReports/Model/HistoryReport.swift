import Foundation

/// How one policy's unlock rate moved over runs or periods.
package struct HistoryReport: Sendable, Equatable, Codable {
    /// The pwaudit version that generated the report.
    package var pwauditVersion: String
    /// When the report was generated.
    package var generatedAt: Date
    /// The policy's name (`corp`).
    package var policyName: String
    /// How candidates are grouped into buckets.
    package var bucketKind: HistoryBucketKind
    /// Which versions score each bucket.
    package var mode: HistoryMode
    /// The buckets, oldest first (by-version: within a period, version ascending).
    package var buckets: [HistoryBucket]
    /// In-force histories: the candidates that could not be judged, per run and missing version.
    package var gaps: [HistoryGap]

    /// Creates a history report.
    package init(
        pwauditVersion: String, generatedAt: Date, policyName: String, bucketKind: HistoryBucketKind,
        mode: HistoryMode, buckets: [HistoryBucket], gaps: [HistoryGap] = []
    ) {
        self.pwauditVersion = pwauditVersion
        self.generatedAt = generatedAt
        self.policyName = policyName
        self.bucketKind = bucketKind
        self.mode = mode
        self.buckets = buckets
        self.gaps = gaps
    }

    /// The value of `kind` in this report's JSON.
    package static let kind = "history"

    private enum CodingKeys: String, CodingKey {
        case policy, bucket, mode, buckets
        case gaps = "not_scored"
    }

    /// Decodes a history report, refusing another `kind` or an unknown `format_version`.
    package init(from decoder: any Decoder) throws {
        let envelope = try ReportEnvelope.decode(kind: Self.kind, from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            pwauditVersion: envelope.pwauditVersion, generatedAt: envelope.generatedAt,
            policyName: try container.decode(String.self, forKey: .policy),
            bucketKind: try container.decode(HistoryBucketKind.self, forKey: .bucket),
            mode: try container.decode(HistoryMode.self, forKey: .mode),
            buckets: try container.decode([HistoryBucket].self, forKey: .buckets),
            gaps: try container.decodeIfPresent([HistoryGap].self, forKey: .gaps) ?? []
        )
    }

    /// Encodes the documented JSON shape; each bucket also lists its version `references`.
    package func encode(to encoder: any Encoder) throws {
        try ReportEnvelope.encode(
            kind: Self.kind, pwauditVersion: pwauditVersion, generatedAt: generatedAt, to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(policyName, forKey: .policy)
        try container.encode(bucketKind, forKey: .bucket)
        try container.encode(mode, forKey: .mode)
        try container.encode(
            buckets.map { EncodedBucket(bucket: $0, references: $0.references(policyName: policyName)) },
            forKey: .buckets)
        try container.encode(gaps, forKey: .gaps)
    }
}

/// A bucket with its version references added beside its own keys.
private struct EncodedBucket: Encodable {
    let bucket: HistoryBucket
    let references: [String]

    private enum CodingKeys: String, CodingKey {
        case references
    }

    func encode(to encoder: any Encoder) throws {
        try bucket.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(references, forKey: .references)
    }
}
