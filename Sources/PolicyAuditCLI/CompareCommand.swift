import PolicyAudit

/// `pwaudit compare`: two stored versions on the same candidates of one complete run.
enum CompareCommand: CLICommand {
    static let help = CommandHelp(
        name: "compare",
        overview: "Compare two policy versions on the same candidates: who is newly blocked, and by which rules.",
        usage: ["compare A B [--run ID|latest] [--format table|json|csv|markdown|html] [--output FILE]"],
        arguments: [
            .init("A", "The version compared from (NAME@N; NAME alone = latest)."),
            .init("B", "The version compared to."),
        ],
        discussion: """
            Shows the 2x2 table (unlocked under both, only under A, only under B, neither) and, for the candidates
            A unlocks but B blocks, the rules of B that block them.
            Example: pwaudit compare corp@2 corp@3 --format markdown
            """)

    /// `--run ID|latest`.
    static let runReference = Option<String>.runReference(
        "--run", help: "The run to compare on (default: the latest complete run that scored both).")

    static let options: [any DeclaredOption] = [runReference] + ReportOutput.all + StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        let operands = try arguments.positionals(count: 2...2, command: "compare", what: "versions A and B")
        let workspace = try StoreOptions.openReadOnly(arguments, context: context)
        let references = try operands.map { try PolicyArgument.reference($0, command: "compare") }
        let report = try ComparisonReportBuilder(workspace: workspace).build(
            a: references[0], b: references[1], run: arguments[Self.runReference],
            note: { context.stderr.line("note: \($0)") })
        return try ReportOutput.emit(.comparison(report), command: "compare", arguments: arguments, context: context)
    }
}
