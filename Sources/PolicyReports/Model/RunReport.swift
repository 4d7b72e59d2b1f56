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
    /// The run and its source file; nil in an aggregate report, whose runs are in `runs`.
    package var run: RunProvenance?
    /// The runs an aggregate report (`report --runs`, `--label`) adds up, by id; empty for the report of one run.
    package var runs: [AggregatedRun]
    /// What the import did with the rows.
    package var rows: RowCounts
    /// One report per policy version scored, in the order asked for.
    package var versions: [VersionReport]
    /// Policy-independent features of the run's candidates.
    package var features: RunFeatures

    /// Creates the report of one run.
    package init(
        pwauditVersion: String, generatedAt: Date, run: RunProvenance, rows: RowCounts, versions: [VersionReport],
        features: RunFeatures
    ) {
        self.init(
            pwauditVersion: pwauditVersion, generatedAt: generatedAt, run: run, runs: [], rows: rows,
            versions: versions, features: features)
    }

    /// Creates the report of the runs `runs` added up (`run` nil), or of one run (`runs` empty).
    package init(
        pwauditVersion: String, generatedAt: Date, run: RunProvenance?, runs: [AggregatedRun], rows: RowCounts,
        versions: [VersionReport], features: RunFeatures
    ) {
        self.pwauditVersion = pwauditVersion
        self.generatedAt = generatedAt
        self.run = run
        self.runs = runs
        self.rows = rows
        self.versions = versions
        self.features = features
    }

    /// Whether the report adds up several runs.
    package var isAggregate: Bool { run == nil }

    /// How the report's runs are named in headings: `run 7 (nightly)`, or `runs 3, 4, 5` for an aggregate (with the
    /// label when every run has the same one: `runs 3, 4, 5 (2026-Q1)`).
    package var displayName: String {
        if let run { return run.displayName }
        let ids = "runs " + runs.map { "\($0.run.runID)" }.joined(separator: ", ")
        let labels = Set(runs.map(\.run.label))
        guard labels.count == 1, let label = labels.first ?? nil else { return ids }
        return "\(ids) (\(label))"
    }

    /// The sentence that says, in an aggregate, that `version` was scored by only some of the runs (its figures are
    /// of those runs' candidates only, not of every candidate); nil when every run scored it or for one run.
    package func coverageNote(of version: VersionReport) -> String? {
        guard let scored = version.scoredByRuns else { return nil }
        let missing = runs.map(\.run.runID).filter { !scored.contains($0) }
        guard !missing.isEmpty else { return nil }
        func list(_ ids: [Int64]) -> String {
            (ids.count == 1 ? "run " : "runs ") + ids.map { "\($0)" }.joined(separator: ", ")
        }
        return "scored by \(list(scored)) only, not by \(list(missing)): its figures are of "
            + "\(ReportNumber.grouped(version.total)) of the \(ReportNumber.grouped(features.candidates)) candidates"
    }

    /// The sentence an aggregate puts where one run's reuse would be: reuse is shown per run, never summed.
    package static let perRunReuseNote =
        "Reuse per run: a password shared between two runs is in neither run's groups, so the groups are not added up"

    /// The value of `kind` in this report's JSON.
    package static let kind = "run"

    private enum CodingKeys: String, CodingKey {
        case run, runs, rows, versions, features
    }

    /// Decodes a run report, refusing another `kind` or an unknown `format_version`.
    package init(from decoder: any Decoder) throws {
        let envelope = try ReportEnvelope.decode(kind: Self.kind, from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            pwauditVersion: envelope.pwauditVersion, generatedAt: envelope.generatedAt,
            run: try container.decodeIfPresent(RunProvenance.self, forKey: .run),
            runs: try container.decodeIfPresent([AggregatedRun].self, forKey: .runs) ?? [],
            rows: try container.decode(RowCounts.self, forKey: .rows),
            versions: try container.decode([VersionReport].self, forKey: .versions),
            features: try container.decode(RunFeatures.self, forKey: .features)
        )
    }

    /// Encodes the documented JSON shape (docs/report-format.md): an aggregate's `run` is `null` and its runs are in
    /// `runs`; the report of one run has no `runs` key.
    package func encode(to encoder: any Encoder) throws {
        try ReportEnvelope.encode(
            kind: Self.kind, pwauditVersion: pwauditVersion, generatedAt: generatedAt, to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(run, forKey: .run)
        if !runs.isEmpty { try container.encode(runs, forKey: .runs) }
        try container.encode(rows, forKey: .rows)
        try container.encode(versions, forKey: .versions)
        try container.encode(features, forKey: .features)
    }
}
