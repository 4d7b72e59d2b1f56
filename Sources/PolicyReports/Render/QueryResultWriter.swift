/// Writes a `pwaudit query` result as it comes, row by row, as a table, CSV or JSON (docs/queries.md): memory stays
/// flat in the row count.
///
/// - table: columns aligned as `TextTable` aligns them, cells terminal-safe and cut at `TextTable.maximumCellWidth`,
///   then `(N rows)`. The widths and alignments come from the first `QueryTableWindow.rows` rows (fewer when their
///   cells pass `QueryTableWindow.characters`); a longer cell further down is shown whole, pushing the rest of its
///   row to the right.
/// - csv: RFC 4180 with CRLF line ends; a field holding `,`, `"`, CR or LF is quoted (quotes doubled, CR and LF kept as
///   they are). A text value (and a column name) starting with `=`, `+`, `-`, `@`, tab or CR gets a leading `'`, so a
///   spreadsheet shows it as text; a number never does (`-5` is `-5`). Values are written exactly as stored.
/// - json: `{"columns": […], "rows": [[…], …]}`, so column order and repeated names survive; integers and finite reals
///   are numbers, a non-finite real is `null`, text a string, a blob `{"hex": "…"}` and NULL `null`.
///
/// Output goes to `output` in pieces of about `chunkBytes`; an error it throws is rethrown by the call that wrote.
package final class QueryResultWriter {
    /// The formats a query result can be written in.
    package static let formats: [ReportFormat] = [.table, .json, .csv]
    /// How much text is gathered before it is handed to the output.
    static let chunkBytes = 1 << 16

    private enum Layout {
        case table(QueryTableWindow)
        case csv
        case json
    }

    private let output: (String) throws -> Void
    private let layout: Layout
    private var pending = ""
    private var rowCount = 0

    /// A writer of `format` to `output`; nil for a format a query result has no rendering in (markdown, html).
    package init?(format: ReportFormat, output: @escaping (String) throws -> Void) {
        switch format {
        case .table: layout = .table(QueryTableWindow())
        case .csv: layout = .csv
        case .json: layout = .json
        case .markdown, .html: return nil
        }
        self.output = output
    }

    /// Starts the result with its column names (once, before any row).
    /// - Throws: What the output threw.
    package func begin(columns: [String]) throws {
        switch layout {
        case .table(let window):
            window.begin(columns: columns)
        case .csv:
            append(columns.map(Self.csvText).joined(separator: ",") + "\r\n")
        case .json:
            append("{\n  \"columns\": [" + columns.map(Self.jsonString).joined(separator: ", ") + "],\n  \"rows\": [")
        }
        try flushIfFull()
    }

    /// Writes one row (one value per column).
    /// - Throws: What the output threw.
    package func write(row: [QueryValue]) throws {
        rowCount += 1
        switch layout {
        case .table(let window):
            for line in window.add(row) { append(line + "\n") }
        case .csv:
            for (index, value) in row.enumerated() {
                if index > 0 { pending += "," }
                pending += Self.csvField(value)
            }
            pending += "\r\n"
        case .json:
            pending += rowCount == 1 ? "\n    [" : ",\n    ["
            for (index, value) in row.enumerated() {
                if index > 0 { pending += ", " }
                pending += Self.jsonValue(value)
            }
            pending += "]"
        }
        try flushIfFull()
    }

    /// Ends the result (the table's row count, JSON's closing brackets) and hands everything left to the output.
    /// - Throws: What the output threw.
    package func finish() throws {
        switch layout {
        case .table(let window):
            for line in window.drain() { append(line + "\n") }
            append("(\(rowCount) row\(rowCount == 1 ? "" : "s"))\n")
        case .csv: break
        case .json: append((rowCount == 0 ? "]" : "\n  ]") + "\n}\n")
        }
        try flush()
    }

    /// Hands the output the rows written so far (a table's held rows too) without ending the result: what a query
    /// stopped midway leaves, so the rows before the stop are not lost; nothing when no row was written. JSON stays
    /// unclosed, so no reader takes it for a whole result.
    /// - Throws: What the output threw.
    package func flushRows() throws {
        guard rowCount > 0 else {
            pending = ""  // a header alone, before a query that stopped at once, says nothing
            return
        }
        if case .table(let window) = layout {
            for line in window.drain() { append(line + "\n") }
        }
        try flush()
    }

    private func append(_ text: String) { pending += text }

    private func flushIfFull() throws {
        if pending.utf8.count >= Self.chunkBytes { try flush() }
    }

    private func flush() throws {
        guard !pending.isEmpty else { return }
        let text = pending
        pending = ""
        try output(text)
    }

    // MARK: CSV

    /// A value as one CSV field: the formula guard for text only, then RFC 4180 quoting.
    static func csvField(_ value: QueryValue) -> String {
        if case .text(let text) = value { return csvText(text) }
        return value.text  // digits, `.`, `-`, `e`, `+`, letters of inf/nan, hex: never quoted
    }

    /// A text field: formula-guarded, then quoted when it holds `,`, `"`, CR or LF.
    static func csvText(_ text: String) -> String { CSVField.quoted(CSVField.formulaGuarded(text)) }

    // MARK: JSON

    /// A value as JSON: numbers as numbers (`null` when not finite), text as a string, a blob as `{"hex": "…"}`.
    static func jsonValue(_ value: QueryValue) -> String {
        switch value {
        case .null: "null"
        case .integer(let number): String(number)
        case .real(let number): number.isFinite ? String(number) : "null"
        case .text(let text): jsonString(text)
        case .blob: "{\"hex\": \"\(value.text)\"}"
        }
    }

    /// `text` as a JSON string: `"` and `\` escaped, every control (and U+2028, U+2029) as an escape.
    package static func jsonString(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
