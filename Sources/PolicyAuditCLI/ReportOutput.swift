import Foundation
import PolicyAudit

/// The `--format` and `--output` options the report commands share: pick a renderer, write stdout or a file.
enum ReportOutput {
    /// Option names to add to a command's spec.
    static let names: Set<String> = ["--format", "--output"]

    /// Help entries for the options.
    static let help: [CommandHelp.Entry] = [
        .init("--format F", "table (default), json, csv, markdown or html (docs/report-format.md)."),
        .init("-o, --output FILE", "Write the report to FILE (replaced if it exists) instead of standard output."),
    ]

    /// Short aliases for the options.
    static let aliases = ["-o": "--output"]

    /// The format the options ask for (`table` when none).
    /// - Throws: `ReportFormatError.unknownFormat` for an unknown name.
    static func format(_ arguments: ParsedArguments) throws -> ReportFormat {
        try arguments.value("--format").map { try ReportFormat(parsing: $0) } ?? .table
    }

    /// Renders `report` as the options ask and writes it to standard output or to the `--output` file.
    ///
    /// Colour is used only for `table` on a standard output that allows it (a TTY, no `NO_COLOR`, no `TERM=dumb`);
    /// a file never gets colour. After writing a file, its path is printed on standard output.
    static func emit(_ report: Report, arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        let format = try format(arguments)
        guard let output = arguments.value("--output"), output != "-" else {
            context.stdout.write(report.rendered(as: format, useColor: context.allowsColor(on: context.stdout)))
            return .success
        }
        let path = context.resolve(output)
        do {
            try Data(report.rendered(as: format).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? "the file could not be written"
            throw CLIIOError.writeFailed(path: path, reason: reason)
        }
        context.stdout.line("wrote \(format.rawValue) report to \(path)")
        return .success
    }
}
