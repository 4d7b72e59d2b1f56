import PolicyAudit

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
        discussion: """
            The file is read as its import read it: with the column options, delimiter, time format and time zone the
            run recorded. Giving one of those options is allowed only with the same value (anything else is a usage
            error naming the recorded one); to read the file another way, import it again as a new run. A run
            imported before pwaudit recorded them takes this command's options, and keeps those of its first
            successful rescore.
            A version the run has already scored is not scored again: the file is still checked, and the command
            says so (exit 0).
            """)

    /// `--policy NAME[@N]`, required.
    static let policy = Option<String>(
        "--policy", valueName: "NAME[@N]", help: "The stored version to add (required).")

    static let options: [any DeclaredOption] = [policy] + CSVOptions.all + [ListingFormat.option] + StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        let operands = try arguments.positionals(count: 2...2, command: "rescore", what: "RUN and FILE.csv")
        guard let runID = Int64(operands[0]) else {
            throw UsageError("'\(operands[0])' is not a run id", command: "rescore")
        }
        guard let reference = arguments[policy] else {
            throw UsageError("missing --policy NAME[@N]", command: "rescore")
        }
        let workspace = try StoreOptions.open(arguments, context: context, keyed: true)
        let version = try PolicyArgument.storedVersions([reference], workspace: workspace, command: "rescore")[0]
        let file = operands[1]
        let source = CSVOptions.source(file, context: context)
        let outcome: RescoreOutcome
        do {
            outcome = try CSVOptions.columnsAsUsage(command: "rescore") {
                try RunRescore(workspace: workspace).rescore(
                    runID: runID, version: version, source: source, mapping: CSVOptions.mapping(arguments),
                    dialect: CSVOptions.dialect(arguments), timeFormat: arguments[CSVOptions.timeFormat],
                    timeZone: arguments[CSVOptions.timeZone],
                    warn: { context.stderr.line("warning: \($0)") },
                    note: { context.stderr.line("note: run \(runID): \($0)") })
            }
        } catch ImportError.rescoreSettingDiffers(let runID, let setting, let recorded, let given) {
            let option = CSVOptions.option(for: setting)
            throw UsageError(
                "run \(runID) was imported with \(option) '\(ImportError.shown(recorded))', not "
                    + "'\(ImportError.shown(given))': a rescore reads the run's file as its import did, so leave "
                    + "\(option) out (to read the file another way, import it again with --again)",
                command: "rescore")
        }
        let asJSON = arguments[ListingFormat.option] == .json
        if asJSON { context.stdout.write(ImportSummaryText.rescoreJSON(runID: runID, outcome: outcome)) }
        switch outcome {
        case .rescored(let scored):
            if !asJSON { context.stdout.line("run \(runID): \(scored.reference) \(ImportSummaryText.figures(scored))") }
        case .tuningWritten(let scored):
            if !asJSON {
                context.stdout.line(
                    "run \(runID): \(scored.reference) tuning summary written (\(ImportSummaryText.figures(scored))); "
                        + "its outcomes were already stored")
            }
        case .alreadyScored(let stored):
            context.stderr.line(
                "note: run \(runID) has already scored \(stored.reference): \(ImportSummaryText.figures(stored)); "
                    + "nothing was rescored")
        }
        return .success
    }
}
