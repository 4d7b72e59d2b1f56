import Foundation

/// Where a run's candidates came from: the import run, its source file and how the import ended.
///
/// Carries no candidate data: a report names a run, never a password or a fingerprint.
package struct RunProvenance: Sendable, Equatable, Codable {
    /// The import run's id in the database.
    package var runID: Int64
    /// The label given to the run (`nightly-2026-11-30`), if any.
    package var label: String?
    /// The source file's name as given on import (not a full path).
    package var sourceFileName: String
    /// The source file's size in bytes.
    package var sourceSizeBytes: Int64
    /// The source file's SHA-256, lowercase hex.
    package var sourceSHA256: String
    /// When the import started.
    package var startedAt: Date
    /// When the import finished; nil while it runs or if it never finished.
    package var finishedAt: Date?
    /// The run's status as recorded by the import (`complete`; reports read only complete runs).
    package var status: String

    /// Creates a provenance record.
    package init(
        runID: Int64, label: String?, sourceFileName: String, sourceSizeBytes: Int64, sourceSHA256: String,
        startedAt: Date, finishedAt: Date?, status: String
    ) {
        self.runID = runID
        self.label = label
        self.sourceFileName = sourceFileName
        self.sourceSizeBytes = sourceSizeBytes
        self.sourceSHA256 = sourceSHA256
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.status = status
    }

    /// How the run is named in headings: `run 7 (nightly)` or `run 7`.
    package var displayName: String {
        label.map { "run \(runID) (\($0))" } ?? "run \(runID)"
    }

    private enum CodingKeys: String, CodingKey {
        case runID = "id"
        case label
        case sourceFileName = "source_file"
        case sourceSizeBytes = "source_size_bytes"
        case sourceSHA256 = "source_sha256"
        case startedAt = "started_at"
        case finishedAt = "finished_at"
        case status
    }

    /// Decodes the `run` object of a report.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        runID = try container.decode(Int64.self, forKey: .runID)
        label = try container.decodeIfPresent(String.self, forKey: .label)
        sourceFileName = try container.decode(String.self, forKey: .sourceFileName)
        sourceSizeBytes = try container.decode(Int64.self, forKey: .sourceSizeBytes)
        sourceSHA256 = try container.decode(String.self, forKey: .sourceSHA256)
        startedAt = try container.decodeTimestamp(forKey: .startedAt)
        finishedAt = try container.decodeTimestampIfPresent(forKey: .finishedAt)
        status = try container.decode(String.self, forKey: .status)
    }

    /// Encodes the `run` object of a report; absent values are written as `null`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(runID, forKey: .runID)
        try container.encode(label, forKey: .label)
        try container.encode(sourceFileName, forKey: .sourceFileName)
        try container.encode(sourceSizeBytes, forKey: .sourceSizeBytes)
        try container.encode(sourceSHA256, forKey: .sourceSHA256)
        try container.encodeTimestamp(startedAt, forKey: .startedAt)
        try container.encodeTimestamp(finishedAt, forKey: .finishedAt)
        try container.encode(status, forKey: .status)
    }
}
