import Foundation

/// The formats a report can be rendered in, as named on the command line (`--format json`).
package enum ReportFormat: String, Sendable, Equatable, CaseIterable {
    /// Aligned columns for the terminal, optionally coloured.
    case table
    /// The documented JSON shape (docs/report-format.md), for scripts.
    case json
    /// One tidy long CSV with a `section` column, safe to open in a spreadsheet.
    case csv
    /// Headings, headline sentences and tables in Markdown.
    case markdown
    /// One self-contained HTML file with inline SVG charts.
    case html

    /// Parses a format name as typed by the user (case-insensitive, surrounding spaces ignored).
    ///
    /// - Throws: `ReportFormatError.unknownFormat` naming the accepted formats.
    package init(parsing text: String) throws(ReportFormatError) {
        let name = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let format = ReportFormat(rawValue: name) else { throw .unknownFormat(text) }
        self = format
    }

    /// The renderer for this format; `useColor` adds ANSI colour to `table` output only.
    package func renderer(useColor: Bool = false) -> any ReportRenderer {
        switch self {
        case .table: TableReportRenderer(useColor: useColor)
        case .json: JSONReportRenderer()
        case .csv: CSVReportRenderer()
        case .markdown: MarkdownReportRenderer()
        case .html: HTMLReportRenderer()
        }
    }
}
