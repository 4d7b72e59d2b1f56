import Foundation

/// Renders reports as the documented JSON shape (docs/report-format.md): sorted keys, pretty printed.
package struct JSONReportRenderer: ReportRenderer {
    /// Creates a JSON renderer.
    package init() {}

    /// Renders a run report as JSON.
    package func render(_ report: RunReport) -> String { encode(report) }
    /// Renders a comparison report as JSON.
    package func render(_ report: ComparisonReport) -> String { encode(report) }
    /// Renders a history report as JSON.
    package func render(_ report: HistoryReport) -> String { encode(report) }
    /// Renders a compliance report as the JSON documented in docs/compliance.md.
    package func render(_ report: ComplianceReport) -> String { encode(report) }

    private func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
        } catch {
            // Reports hold only strings, integers, booleans, timestamps and finite rounded percentages: encoding
            // cannot fail.
            preconditionFailure("a report failed to encode as JSON: \(error)")
        }
    }
}
