import PolicyAudit
import PolicyReports

/// A left-aligned plain-text table for listings (`policy list`, `runs`).
struct PlainTable {
    let header: [String]
    let rows: [[String]]

    /// The table with two spaces between columns and no trailing blanks; every cell is made terminal-safe
    /// (`ReportText.terminalSafe`), so a label or file name cannot inject escapes, line breaks or bidi overrides, and
    /// cut to `TextTable.maximumCellWidth` characters with an ellipsis.
    func rendered() -> String {
        let all =
            [header]
            + rows.map { $0.map { ReportText.terminalSafe($0, limit: TextTable.maximumCellWidth) } }
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            let line = row.indices.map { column in
                column == row.count - 1
                    ? row[column]
                    : row[column] + String(repeating: " ", count: widths[column] - row[column].count)
            }.joined(separator: "  ")
            return String(line[..<(line.lastIndex { $0 != " " }.map(line.index(after:)) ?? line.startIndex)])
        }.joined(separator: "\n") + "\n"
    }
}
