import PolicyAudit
import PolicyReports

/// `pwaudit init`: creates the database and its fingerprint key.
enum InitCommand: CLICommand {
    static let help = CommandHelp(
        name: "init",
        overview: "Create an audit database and its fingerprint key (or upgrade an existing database).",
        usage: ["init [--db PATH] [--key-file PATH] [--backfill]"],
        discussion: """
            The key (32 random bytes, mode 0600) keys the HMAC-SHA256 fingerprints of passwords; it lives outside
            the database. Keep it with the database: without it, new imports cannot be matched with old ones.
            On a PostgreSQL server, init also creates the roles <db>_writer and <db>_reader and says so; when the
            connecting role may not create roles, it prints the SQL for an administrator to run instead (exit 0).
            On a database holding runs imported by an older pwaudit, init says how many lack the summaries compare
            reads; --backfill computes them from each run's stored outcomes (once; a run per transaction).
            """)

    /// `--backfill`: compute the summaries older runs lack.
    static let backfill = Flag(
        "--backfill", help: "Store the summaries runs imported by an older pwaudit lack (compare's comparisons).")

    static let options: [any DeclaredOption] = [backfill] + StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        _ = try arguments.positionals(count: 0...0, command: "init", what: "")
        let location = StoreOptions.location(arguments, context: context)
        let (workspace, createdKey) = try AuditWorkspace.initialize(location, stores: context.stores)
        StoreOptions.warnAboutKey(location, exposedMode: workspace.exposedKeyMode, context: context)
        let keyPath = try location.requiredKeyPath()  // initialize refused a location without one
        context.stdout.line("database: \(ReportText.terminalSafe(location.address.displayText))")
        context.stdout.line("key:      \(ReportText.terminalSafe(keyPath))\(createdKey ? " (new)" : "")")
        for note in workspace.setupNotes { context.stdout.line(ReportText.terminalSafe(note)) }
        let summaries = SummaryBackfill(workspace: workspace)
        if arguments[Self.backfill] {
            let filled = try summaries.run { filled in
                context.stdout.line("backfilled run \(filled.runID): \(filled.pairs) version comparisons")
            }
            context.stdout.line("backfill: \(filled.count) \(filled.count == 1 ? "run" : "runs") completed")
        } else {
            let pending = try summaries.pendingRuns()
            if !pending.isEmpty {
                let ids = pending.map { String($0.id) }.joined(separator: ", ")
                context.stdout.line(
                    "note: \(pending.count) \(pending.count == 1 ? "run" : "runs") (\(ids)) imported by an older"
                        + " pwaudit lack the stored summaries compare reads; 'pwaudit init --backfill' computes them once"
                )
            }
        }
        return .success
    }
}
