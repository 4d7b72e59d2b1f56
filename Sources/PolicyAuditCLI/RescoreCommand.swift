import PolicyAudit
import PolicyReports

/// `pwaudit rescore`: adds a policy version's outcomes to an old run, re-reading its original file.
enum RescoreCommand: CLICommand {
    static let help = CommandHelp(
        name: "rescore",
        overview: "Score an old run against another policy version, re-reading the run's own CSV file.",
        usage: ["rescore RUN --policy NAME[@N] FILE.csv [--delimiter D] [--password-column C] ..."],
        arguments: [
            .init("RUN", "The run id (see 'pwaudit runs')."),
            .init(
                "FILE.csv",
                "The file the run imported (checked by SHA-256: no password was kept); '-' reads standard input."),
        ],
        discussion: "Give it the CSV options (--delimiter, the column options) the original import was given.")

    /// `--policy NAME[@N]`, required.
    static let policy = Option<String>(
        "--policy", valueName: "NAME[@N]", help: "The stored version to add (required).")

    static let options: [any DeclaredOption] = [policy] + CSVOptions.all + StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        let operands = try arguments.positionals(count: 2...2, command: "rescore", what: "RUN and FILE.csv")
        guard let runID = Int64(operands[0]) else {
            throw UsageError("'\(operands[0])' is not a run id", command: "rescore")
        }
        guard let reference = arguments[policy] else {
            throw UsageError("missing --policy NAME[@N]", command: "rescore")
        }
        let workspace = try StoreOptions.open(arguments, context: context)
        let version = try PolicyArgument.storedVersions([reference], workspace: workspace, command: "rescore")[0]
        let file = operands[1]
        let source = CSVOptions.source(file, context: context)
        let outcome = try CSVOptions.columnsAsUsage(command: "rescore") {
            try RunRescore(workspace: workspace).rescore(
                runID: runID, version: version, source: source, mapping: CSVOptions.mapping(arguments),
                dialect: CSVOptions.dialect(arguments), warn: { context.stderr.line("warning: \($0)") })
        }
        context.stdout.line(
            "run \(runID): \(outcome.reference) \(ReportNumber.grouped(outcome.unlocked)) of "
                + "\(ReportNumber.grouped(outcome.total)) unlocked (\(Percentage(outcome.unlocked, of: outcome.total)))"
        )
        return .success
    }
}
