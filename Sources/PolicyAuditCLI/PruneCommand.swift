import AuditTime
import PolicyAudit
import PolicyReports

/// `pwaudit prune`: retention — deletes the candidates and attempts of old runs, keeping their reports.
enum PruneCommand: CLICommand {
    static let help = CommandHelp(
        name: "prune",
        overview: "Delete the candidates and attempts of runs that finished before DATE; keep their reports.",
        usage: ["prune --before DATE [--dry-run]"],
        discussion: """
            A complete run whose import finished before DATE loses its candidates and attempts (fingerprints,
            features, outcomes); its summaries, reports, comparisons, rejected-row reasons and the policy history
            stay, so 'pwaudit report', 'compare' and 'history' give the same figures after. The run is marked pruned
            ('pwaudit runs' shows it) and can no longer be rescored. A file is then checkpointed and vacuumed, so it
            shrinks; a PostgreSQL database is vacuumed so its space is reused, and may not shrink (the line says so).
            Refused while an import runs. --dry-run counts what would go and changes nothing.
            Examples:
              pwaudit prune --before 2026-01-01 --dry-run
              pwaudit prune --before 2026-01-01
            """)

    /// `--before DATE`.
    static let before = Option<UTCInstant>(
        "--before", valueName: "DATE",
        help: "Prune runs that finished before DATE (YYYY-MM-DD: its midnight UTC, or an ISO-8601 time); required."
    ) { text, option, command in
        guard let instant = UTCInstant.read(text)?.instant else {
            throw UsageError(
                "\(option) '\(text)' is not a date (YYYY-MM-DD, or an ISO-8601 time such as 2026-01-06T00:00:00Z)",
                command: command)
        }
        return instant
    }
    /// `--dry-run`.
    static let dryRun = Flag("--dry-run", help: "Say what would be pruned; change nothing.")

    static let options: [any DeclaredOption] = [before, dryRun] + StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        _ = try arguments.positionals(count: 0...0, command: help.name, what: "")
        guard let before = arguments[before] else {
            throw UsageError("'prune' needs --before DATE", command: help.name)
        }
        let dryRun = arguments[dryRun]
        let workspace =
            dryRun
            ? try StoreOptions.openReadOnly(arguments, context: context)
            : try StoreOptions.open(arguments, context: context)
        let outcome = try RunPrune(workspace: workspace).prune(before: before, dryRun: dryRun)
        guard !outcome.runIDs.isEmpty else {
            context.stdout.line("no complete, unpruned run finished before \(before.text); nothing pruned")
            return .success
        }
        let runs = outcome.runIDs.map(String.init).joined(separator: ", ")
        let removed =
            "\(outcome.runIDs.count) run(s) (\(runs)): \(ReportNumber.grouped(outcome.candidates)) candidates, "
            + "\(ReportNumber.grouped(outcome.attempts)) attempts"
        if dryRun {
            let size = outcome.bytesBefore.map { "; the database is \(PruneSizeText.grouped($0)) bytes" } ?? ""
            context.stdout.line("would prune \(removed)\(size); nothing changed (--dry-run)")
            return .success
        }
        guard let before = outcome.bytesBefore, let after = outcome.bytesAfter else {
            context.stdout.line("pruned \(removed)")  // a store that cannot tell its size
            return .success
        }
        context.stdout.line("pruned \(removed); \(PruneSizeText.change(before: before, after: after))")
        return .success
    }
}
