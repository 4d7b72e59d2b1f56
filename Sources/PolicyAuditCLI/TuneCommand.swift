import PolicyAudit
import PolicyTuning

/// `pwaudit tune`: a stored version's unlock rate under every setting of one or two varied keys, from the run's
/// stored tuning summary (no CSV, no password).
enum TuneCommand: CLICommand {
    static let help = CommandHelp(
        name: "tune",
        overview: "Tune a policy: the unlock rate of every setting of a key (or a grid of two), from what is stored.",
        usage: [
            "tune --from NAME@N --vary KEY=VALUES [--vary KEY=VALUES] [--run ID|latest]"
                + " [--format table|json|csv|markdown|html] [--output FILE]"
        ],
        discussion: """
            Keys: min-length=8..24 (or 8,10,12,15): the length rule's minimum (credits kept); classes=0..N: how many
            character classes must be present, replacing the version's require and classes rules; require=upper,digit:
            those classes each required, replacing them too (several sets: upper/upper,digit); drop=RULE-ID[,…]: the
            version without that rule; min-score=0..4: zxcvbn's minimum score, replacing its strength rules (needs
            stored strength). Two --vary give a grid. For each setting: the candidates it would unlock, their share,
            the change against the version as stored and, with stored strength, the share of them scoring 2 or less.
            What the stored features cannot answer exactly (a blocklist, a pattern) is refused: score such a variant
            with 'pwaudit rescore'. A run scored before schema 13 has no tuning summary: rescoring the run with the
            version (its own CSV) writes it.
            Example: pwaudit tune --from corp@1 --vary min-length=8..16
            """)

    /// `--from NAME[@N]`.
    static let from = Option<String>(
        "--from", valueName: "NAME[@N]", help: "The stored version to vary (NAME alone: its latest version).")
    /// `--vary KEY=VALUES`, once (a curve) or twice (a grid).
    static let vary = RepeatedOption<String>(
        "--vary", valueName: "KEY=VALUES",
        help: "A key and its values: min-length, classes, require, drop or min-score; twice for a grid.")
    /// `--run ID|latest`.
    static let runReference = Option<String>.runReference(
        "--run", help: "The run whose summary is read (default: the latest complete run that scored the version).")

    static let options: [any DeclaredOption] = [from, vary, runReference] + ReportOutput.all + StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        _ = try arguments.positionals(count: 0...0, command: "tune", what: "")
        guard let fromText = arguments[from] else {
            throw UsageError("tune needs --from NAME@N, the stored version to vary", command: "tune")
        }
        let reference = try PolicyArgument.reference(fromText, command: "tune")
        let variations = try arguments[vary].map { try TuneVariation(parsing: $0) }
        guard (1...2).contains(variations.count) else { throw TuneError.keyCount(variations.count) }
        let workspace = try StoreOptions.openReadOnly(arguments, context: context)
        let report = try TuneReportBuilder(workspace: workspace).build(
            from: reference, run: arguments[runReference], variations: variations)
        return try ReportOutput.emit(command: "tune", arguments: arguments, context: context) {
            report.rendered(as: $0, useColor: $1)
        }
    }
}
