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
            and tune read; --backfill computes them from each run's stored outcomes and features (once; a run per
            transaction), and names the versions whose tuning summary only a rescore of the run's file can write.
            """)

    /// `--backfill`: compute the summaries older runs lack.
    static let backfill = Flag(
        "--backfill", help: "Store the summaries older runs lack (compare's comparisons, tune's cells).")

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
                let tuning = filled.tuningVersions
                context.stdout.line(
                    "backfilled run \(filled.runID): \(filled.pairs) version comparisons"
                        + (tuning == 0 ? "" : ", tuning cells of \(tuning) \(tuning == 1 ? "version" : "versions")"))
            }
            context.stdout.line("backfill: \(filled.count) \(filled.count == 1 ? "run" : "runs") completed")
            try noteRescores(summaries.outstanding().rescore, context: context)
        } else {
            let (pending, rescore) = try summaries.outstanding()
            if !pending.isEmpty {
                let ids = pending.map { String($0.id) }.joined(separator: ", ")
                context.stdout.line(
                    "note: \(pending.count) \(pending.count == 1 ? "run" : "runs") (\(ids)) imported by an older"
                        + " pwaudit lack the stored summaries compare and tune read; 'pwaudit init --backfill' computes"
                        + " them once")
            }
            noteRescores(rescore, context: context)
        }
        return .success
    }

    /// Says which versions of which runs lack tuning cells the stored features cannot give, and that a rescore of each
    /// run's own file writes them (one line).
    private static func noteRescores(_ versions: [SummaryBackfill.RescoreNeeded], context: CLIContext) {
        guard !versions.isEmpty else { return }
        var runs: [(Int64, [String])] = []
        for version in versions {
            if runs.last?.0 == version.runID {
                runs[runs.count - 1].1.append(version.reference)
            } else {
                runs.append((version.runID, [version.reference]))
            }
        }
        let listed = runs.map { "run \($0.0) (\($0.1.joined(separator: ", ")))" }.joined(separator: ", ")
        context.stdout.line(
            ReportText.terminalSafe(
                "note: no tuning summary, and the stored features cannot give it (evaluation mode, normalization or"
                    + " length credits): \(listed); 'pwaudit rescore RUN --policy NAME@N FILE', FILE being the run's"
                    + " own CSV, writes it"))
    }
}
