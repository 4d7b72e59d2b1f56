import Foundation

/// Renders a `QueryResult` as an aligned table, JSON or CSV, with the report renderers' safety rules.
///
/// Table cells go through `TextTable` (terminal-safe, cut at `TextTable.maximumCellWidth`); CSV cells through the
/// report CSV's quoting and formula neutralising (`ReportCSVRow.field`); JSON is `{"columns": […], "rows": [[…]]}` so
/// column order and repeated names survive, with SQLite's integers and reals as numbers (a non-finite real as a
/// string), text as strings, blobs as hex strings and NULL as `null`.
package enum QueryResultRenderer {
    /// The formats a query result can be rendered in.
    package static let formats: [ReportFormat] = [.table, .json, .csv]

    /// `result` in `format`; nil for a format a query result has no rendering in (markdown, html).
    package static func render(_ result: QueryResult, as format: ReportFormat) -> String? {
        switch format {
        case .table: table(result)
        case .json: json(result)
        case .csv: csv(result)
        case .markdown, .html: nil
        }
    }

    private static func table(_ result: QueryResult) -> String {
        let columns = result.columns.indices.map { index in
            let numeric =
                result.rows.contains { $0[index].isNumber }
                && result.rows.allSatisfy { $0[index].isNumber || $0[index] == .null }
            return TextTable.Column(
                ReportText.terminalSafe(result.columns[index], limit: TextTable.maximumCellWidth),
                numeric ? .right : .left)
        }
        let lines = TextTable(columns: columns, rows: result.rows.map { $0.map(\.text) }).lines(indent: "")
        let count = result.rows.count
        return (lines + ["(\(count) row\(count == 1 ? "" : "s"))"]).joined(separator: "\n") + "\n"
    }

    private static func csv(_ result: QueryResult) -> String {
        ([result.columns] + result.rows.map { $0.map(\.text) })
            .map { $0.map(ReportCSVRow.field).joined(separator: ",") + "\r\n" }.joined()
    }

    private static func json(_ result: QueryResult) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(Document(result)), as: UTF8.self) + "\n"
        } catch {
            // Only strings, integers, finite doubles and nulls are encoded: encoding cannot fail.
            preconditionFailure("a query result failed to encode as JSON: \(error)")
        }
    }

    private struct Document: Encodable {
        let columns: [String]
        let rows: [[Cell]]

        init(_ result: QueryResult) {
            columns = result.columns
            rows = result.rows.map { $0.map(Cell.init) }
        }
    }

    private struct Cell: Encodable {
        let value: QueryResult.Value

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch value {
            case .null: try container.encodeNil()
            case .integer(let number): try container.encode(number)
            case .real(let number) where number.isFinite: try container.encode(number)
            case .real, .text, .blob: try container.encode(value.text)
            }
        }
    }
}
