/// A table of aligned columns for the terminal: text left-aligned, numbers right-aligned.
package struct TextTable: Sendable {
    /// How a column's cells are aligned.
    package enum Alignment: Sendable {
        /// Padded on the right (text).
        case left
        /// Padded on the left (numbers).
        case right
    }

    /// A column: its header and alignment.
    package struct Column: Sendable {
        /// The header text.
        package var header: String
        /// The cells' alignment.
        package var alignment: Alignment

        /// Creates a column.
        package init(_ header: String, _ alignment: Alignment = .left) {
            self.header = header
            self.alignment = alignment
        }
    }

    /// The columns, left to right.
    package var columns: [Column]
    /// The rows; each has one cell per column (missing cells are blank).
    package var rows: [[String]]

    /// Creates a table.
    package init(columns: [Column], rows: [[String]]) {
        self.columns = columns
        self.rows = rows
    }

    /// The widest a cell is shown, in characters (a SHA-256 in hex fits); longer cells end with `…`.
    package static let maximumCellWidth = 64

    /// The table as lines: header, a dashed rule, then rows, columns two spaces apart, indented by `indent`.
    ///
    /// Cells are made terminal-safe and cut to `maximumCellWidth` with an ellipsis, so a 400-character label keeps
    /// the table on screen; `style` decorates the header line (bold, when colour is on).
    package func lines(indent: String = "  ", style: (String) -> String = { $0 }) -> [String] {
        let safeRows = rows.map { row in
            row.map { ReportText.terminalSafe($0, limit: Self.maximumCellWidth) }
        }
        let widths = columns.indices.map { index in
            safeRows.reduce(columns[index].header.count) { max($0, index < $1.count ? $1[index].count : 0) }
        }
        func line(_ cells: [String]) -> String {
            let padded = columns.indices.map { index -> String in
                let cell = index < cells.count ? cells[index] : ""
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                return columns[index].alignment == .right ? padding + cell : cell + padding
            }
            let text = indent + padded.joined(separator: "  ")
            return String(text.reversed().drop(while: { $0 == " " }).reversed())
        }
        let header = line(columns.map(\.header))
        let rule = indent + widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return [style(header), rule] + safeRows.map(line)
    }
}
