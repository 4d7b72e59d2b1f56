import Foundation
import PolicyCompliance

/// Stored policy versions judged clause by clause against password standards: the report auditors read.
///
/// Holds the findings of each version (clause, level, verdict, the policy's value, the required value, citation),
/// the conflicts between the standards, and figures from the latest run beside the clauses that have them. No field
/// can hold a password or a fingerprint.
package struct ComplianceReport: Sendable, Equatable, Encodable {
    /// The pwaudit version that generated the report.
    package var pwauditVersion: String
    /// When the report was generated.
    package var generatedAt: Date
    /// The standards evaluated, in report order.
    package var standards: [ComplianceStandardInfo]
    /// One entry per policy version, by name then number.
    package var versions: [VersionCompliance]

    /// Creates a report.
    package init(
        pwauditVersion: String, generatedAt: Date, standards: [ComplianceStandardInfo], versions: [VersionCompliance]
    ) {
        self.pwauditVersion = pwauditVersion
        self.generatedAt = generatedAt
        self.standards = standards
        self.versions = versions
    }

    /// The value of `kind` in this report's JSON.
    package static let kind = "compliance"

    /// Whether any version fails a clause at `severity` or above (the `--fail-on` level).
    package func fails(atOrAbove severity: ClauseSeverity) -> Bool {
        versions.contains { version in
            version.results.contains { $0.findings.contains { $0.fails(atOrAbove: severity) } }
        }
    }

    private enum CodingKeys: String, CodingKey {
        case standards, versions
    }

    /// Encodes the documented JSON shape (docs/compliance.md).
    package func encode(to encoder: any Encoder) throws {
        try ReportEnvelope.encode(
            kind: Self.kind, pwauditVersion: pwauditVersion, generatedAt: generatedAt, to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(standards, forKey: .standards)
        try container.encode(versions, forKey: .versions)
    }
}
