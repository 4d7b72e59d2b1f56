import Foundation

/// Renders a compliance report as the JSON documented in docs/compliance.md: sorted keys, pretty printed.
struct ComplianceJSONRenderer {
    /// The report as JSON.
    func render(_ report: ComplianceReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
        } catch {
            // The report holds only strings, integers, booleans and timestamps: encoding cannot fail.
            preconditionFailure("a compliance report failed to encode as JSON: \(error)")
        }
    }
}
