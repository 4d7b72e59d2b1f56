/// The table layout of a streamed query result: the first rows are held to find each column's width and alignment
/// (as `TextTable` finds them), then every row is laid out with those.
///
/// A column is right-aligned when its held values hold a number and nothing but numbers and NULLs. The window closes
/// after `rows` rows, or sooner once the held cells pass `characters` characters, so what is held stays bounded
/// whatever the row count; a longer cell further down is shown whole, pushing the rest of its row to the right.
final class QueryTableWindow {
    /// The most rows held before the widths are fixed.
    static let rows = 1_000
    /// The most cell characters held before the widths are fixed (a wide result closes the window sooner).
    static let characters = 1 << 20

    private var headers: [String] = []
    private var held: [[String]] = []
    private var heldCharacters = 0
    private var hasNumber: [Bool] = []
    private var hasOther: [Bool] = []
    /// The column widths and alignments, once the window has closed.
    private var layout: (widths: [Int], right: [Bool])?

    /// Takes the column names (made terminal-safe and cut like cells).
    func begin(columns: [String]) {
        headers = columns.map { ReportText.terminalSafe($0, limit: TextTable.maximumCellWidth) }
        hasNumber = Array(repeating: false, count: columns.count)
        hasOther = hasNumber
    }

    /// Adds a row; returns the lines now ready to print: none while the window holds rows, the header, rule and held
    /// rows when it closes, one line per row after.
    func add(_ row: [QueryValue]) -> [String] {
        let cells = row.map(Self.cell)
        if let layout { return [Self.line(cells, layout)] }
        for (index, value) in row.enumerated() where index < hasNumber.count {
            if value.isNumber { hasNumber[index] = true } else if value != .null { hasOther[index] = true }
        }
        held.append(cells)
        heldCharacters += cells.reduce(0) { $0 + $1.count }
        guard held.count >= Self.rows || heldCharacters >= Self.characters else { return [] }
        return drain()
    }

    /// Closes the window if it is still open: returns the header, rule and held rows (nothing once closed).
    func drain() -> [String] {
        guard layout == nil else { return [] }
        let widths = headers.indices.map { index in
            held.reduce(headers[index].count) { max($0, index < $1.count ? $1[index].count : 0) }
        }
        let layout = (widths: widths, right: headers.indices.map { hasNumber[$0] && !hasOther[$0] })
        self.layout = layout
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        let lines = [Self.line(headers, layout), rule] + held.map { Self.line($0, layout) }
        held = []
        return lines
    }

    /// A value as a table cell: terminal-safe, cut at `TextTable.maximumCellWidth` (only the start of a long value
    /// is looked at).
    private static func cell(_ value: QueryValue) -> String {
        let limit = TextTable.maximumCellWidth
        let text: String
        if case .text(let whole) = value {
            text = whole.utf8.count > limit ? String(whole.prefix(limit + 1)) : whole
        } else {
            text = value.text(prefixBytes: limit / 2 + 1)
        }
        return ReportText.terminalSafe(text, limit: limit)
    }

    /// One line: cells padded to their column's width (a longer one kept whole), two spaces apart, no trailing blanks.
    private static func line(_ cells: [String], _ layout: (widths: [Int], right: [Bool])) -> String {
        var text = ""
        for index in layout.widths.indices {
            let cell = index < cells.count ? cells[index] : ""
            let padding = String(repeating: " ", count: max(layout.widths[index] - cell.count, 0))
            if index > 0 { text += "  " }
            text += layout.right[index] ? padding + cell : cell + padding
        }
        while text.last == " " { text.removeLast() }
        return text
    }
}
