import Foundation
import PolicyAudit

/// The `--format` and `--output` options the report commands share: pick a renderer, write stdout or a file.
enum ReportOutput {
    /// Option names to add to a command's spec.
    static let names: Set<String> = ["--format", "--output"]

    /// Help entries for the options.
    static let help: [CommandHelp.Entry] = [
        .init("--format F", "table (default), json, csv, markdown or html (docs/report-format.md)."),
        .init("-o, --output FILE", "Write the report to FILE ('-': stdout), replaced atomically; never the database."),
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
    /// a file never gets colour. After writing a file, its path is printed on standard output. A file that is the
    /// database, one of its journals or its key is a usage error of `command`.
    static func emit(_ report: Report, command: String, arguments: ParsedArguments, context: CLIContext) throws
        -> ExitCode
    {
        let format = try format(arguments)
        guard let output = arguments.value("--output"), output != "-" else {
            context.stdout.write(report.rendered(as: format, useColor: context.allowsColor(on: context.stdout)))
            return .success
        }
        let file = try OutputPath.open(
            output, option: "--output", command: command,
            protecting: StoreOptions.location(arguments, context: context).protectedFiles, context: context)
        try file.write(report.rendered(as: format))
        try file.commit()
        context.stdout.line("wrote \(format.rawValue) report to \(ReportText.terminalSafe(context.resolve(output)))")
        return .success
    }
}
