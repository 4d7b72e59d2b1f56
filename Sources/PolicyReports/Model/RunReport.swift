import Foundation

/// One import run scored against one or more policy versions: the report security teams read and forward.
///
/// Holds counts only; every percentage is derived from them when rendered. No field can hold a password or a
/// fingerprint.
package struct RunReport: Sendable, Equatable, Codable {
    /// The pwaudit version that generated the report.
    package var pwauditVersion: String
    /// When the report was generated.
    package var generatedAt: Date
    /// The run and its source file.
    package var run: RunProvenance
    /// What the import did with the rows.
    package var rows: RowCounts
    /// One report per policy version scored, in the order asked for.
    package var versions: [VersionReport]
    /// Policy-independent features of the run's candidates.
    package var features: RunFeatures

    /// Creates a run report.
    package init(
        pwauditVersion: String, generatedAt: Date, run: RunProvenance, rows: RowCounts, versions: [VersionReport],
        features: RunFeatures
    ) {
        self.pwauditVersion = pwauditVersion
        self.generatedAt = generatedAt
        self.run = run
        self.rows = rows
        self.versions = versions
        self.features = features
    }

    /// The value of `kind` in this report's JSON.
    package static let kind = "run"

    private enum CodingKeys: String, CodingKey {
        case run, rows, versions, features
    }

    /// Decodes a run report, refusing another `kind` or an unknown `format_version`.
    package init(from decoder: any Decoder) throws {
        let envelope = try ReportEnvelope.decode(kind: Self.kind, from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            pwauditVersion: envelope.pwauditVersion, generatedAt: envelope.generatedAt,
            run: try container.decode(RunProvenance.self, forKey: .run),
            rows: try container.decode(RowCounts.self, forKey: .rows),
            versions: try container.decode([VersionReport].self, forKey: .versions),
            features: try container.decode(RunFeatures.self, forKey: .features)
        )
    }

    /// Encodes the documented JSON shape (docs/report-format.md).
    package func encode(to encoder: any Encoder) throws {
        try ReportEnvelope.encode(
            kind: Self.kind, pwauditVersion: pwauditVersion, generatedAt: generatedAt, to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(run, forKey: .run)
        try container.encode(rows, forKey: .rows)
        try container.encode(versions, forKey: .versions)
        try container.encode(features, forKey: .features)
    }
}
