import Foundation

/// One row of the report CSV, in the fixed column order shared by every section.
///
/// Columns: `section, policy, item, item_b, label, count, total, percent, value`. Cells a section does not use
/// are empty. `percent` is `count / total` with two decimals.
struct ReportCSVRow {
    /// The header row.
    static let header = ["section", "policy", "item", "item_b", "label", "count", "total", "percent", "value"]

    var section: String
    var policy = ""
    var item = ""
    var itemB = ""
    var label = ""
    var count: Int?
    var total: Int?
    var value = ""

    /// The cells in column order.
    var cells: [String] {
        let percent = count.flatMap { count in total.map { Percentage(count, of: $0).twoDecimals } } ?? ""
        return [
            section, policy, item, itemB, label, count.map(String.init) ?? "", total.map(String.init) ?? "", percent,
            value,
        ]
    }

    /// Quotes a cell per RFC 4180 after neutralising spreadsheet formulas.
    ///
    /// A cell starting with `=`, `+`, `-`, `@`, tab or carriage return gets a leading `'`, so a spreadsheet shows
    /// it as text instead of evaluating it. Control characters (escape sequences, line breaks) then become `?`.
    /// Cells holding `,`, `"`, CR or LF are quoted, quotes doubled.
    static func field(_ cell: String) -> String {
        CSVField.quoted(ReportText.terminalSafe(CSVField.formulaGuarded(cell)))
    }

    /// The whole CSV: header and records, CRLF line endings.
    static func document(_ records: [ReportCSVRow]) -> String {
        ([header] + records.map(\.cells)).map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }
}
