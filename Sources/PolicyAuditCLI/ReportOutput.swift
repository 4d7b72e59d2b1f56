import Foundation
import PolicyAudit
import PolicyReports

/// The `--format` and `--output` options the report commands share: pick a renderer, write stdout or a file.
enum ReportOutput {
    /// `--format F`: an unknown name is refused while parsing, with `ReportFormatError.unknownFormat`.
    static let format = Option<ReportFormat>(
        "--format", valueName: "F", help: "table (default), json, csv, markdown or html (docs/report-format.md)."
    ) { text, _, _ in try ReportFormat(parsing: text) }
    /// `-o, --output FILE`.
    static let output = Option<String>(
        "--output", alias: "-o", valueName: "FILE",
        help: "Write the report to FILE ('-': stdout), replaced atomically; never the database.")

    /// Both options, for a command's declarations.
    static let all: [any DeclaredOption] = [format, output]

    /// Renders `report` as the options ask and writes it to standard output or to the `--output` file.
    ///
    /// Colour is used only for `table` on a standard output that allows it (a TTY, no `NO_COLOR`, no `TERM=dumb`);
    /// a file never gets colour. After writing a file, its path is printed on standard output. A file that is the
    /// database, one of its journals or its key is a usage error of `command`.
    static func emit(_ report: Report, command: String, arguments: ParsedArguments, context: CLIContext) throws
        -> ExitCode
    {
        try emit(command: command, arguments: arguments, context: context) { report.rendered(as: $0, useColor: $1) }
    }

    /// Writes what `render` makes of the `--format` (and whether colour is allowed) to standard output or to the
    /// `--output` file, as `emit(_:command:arguments:context:)` does for the run reports.
    static func emit(
        command: String, arguments: ParsedArguments, context: CLIContext,
        render: (ReportFormat, _ useColor: Bool) -> String
    ) throws -> ExitCode {
        let format = arguments[Self.format] ?? .table
        guard let output = arguments[Self.output], output != "-" else {
            context.stdout.write(render(format, context.allowsColor(on: context.stdout)))
            return .success
        }
        let file = try OutputPath.openOutput(
            output, option: Self.output.name, command: command, arguments: arguments, context: context)
        try OutputPath.write(
            render(format, false), to: file, path: output, what: "\(format.rawValue) report", context: context)
        return .success
    }
}
