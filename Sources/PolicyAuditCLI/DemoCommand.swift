import PolicyAudit
import PolicyDemo
import PolicyReports

/// `pwaudit demo`: the main job on an embedded default, from nothing to reports in one command.
enum DemoCommand: CLICommand {
    static let help = CommandHelp(
        name: "demo",
        overview: "Run the whole audit on a generated sample: three policy versions, one import, the reports.",
        usage: ["demo [--dir DIR] [--rows N]"],
        discussion: """
            Creates DIR/pwaudit.db and its key, stores three dated versions of the policy 'corp' (the seed screen's
            rules, a NIST SP 800-63B-style one, a stricter composite; all embedded in the binary), generates a
            deterministic sample of candidates (common passwords and their mutations, personal info, passphrases,
            random strong ones, Unicode) and imports it against all three without writing the candidates to a file.
            Prints the run report, the comparison of corp@1 with corp@2, corp@1's tuning table (minimum length 8 to
            16; its curve in DIR/tune.html), where the files are and what to try next.
            --rows is at most 10,000,000; before writing anything the demo checks that DIR's file system has room
            for the database (about 128 bytes a row) and refuses (exit 74) if not.
            """)

    /// `--dir DIR`.
    static let directory = Option<String>(
        "--dir", valueName: "DIR",
        help: "Where to write the database, key and report.html (default: a new temporary directory).")
    /// `--rows N`.
    static let rows = Option<Int>.positiveInteger(
        "--rows", valueName: "N", help: "How many candidate rows to generate (default 50,000; at most 10,000,000).")

    static let options: [any DeclaredOption] = [directory, rows]

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        _ = try arguments.positionals(count: 0...0, command: "demo", what: "")
        let rows = arguments[Self.rows] ?? DemoRun.defaultRows
        let requested = arguments[Self.directory].map(context.resolve)
        let parent = context.environment["TMPDIR"] ?? "/tmp"
        try DemoRun.check(rows: rows, in: requested ?? parent)  // before the temporary directory is made
        let directory = try requested ?? DemoRun.makeTemporaryDirectory(in: parent)
        let stderr = context.stderr
        let progress: ((ImportProgress) -> Void)? =
            stderr.isTerminal ? { stderr.write("\r\u{1B}[K" + ProgressLine.text($0)) } : nil
        let outcome = try DemoRun(directory: directory, rows: rows, stores: context.stores).run(
            note: { stderr.line("demo: \(ReportText.terminalSafe($0))") }, progress: progress)
        if stderr.isTerminal { stderr.write("\r\u{1B}[K") }
        stderr.line(
            "demo: imported run \(outcome.report.run?.runID ?? 0) in \(Self.seconds(outcome.importResult.seconds))")

        let table = TableReportRenderer(useColor: context.allowsColor(on: context.stdout))
        context.stdout.write(table.render(outcome.report))
        context.stdout.line()
        context.stdout.write(table.render(outcome.comparison))
        context.stdout.line()
        context.stdout.write(outcome.tuning.rendered(as: .table, useColor: context.allowsColor(on: context.stdout)))
        context.stdout.line()
        // The paths are the user's --dir: terminal-safe line by line, like every listing.
        context.stdout.write(ReportText.terminalSafeLines(Self.epilogue(outcome)))
        return .success
    }

    /// Where the files are and the commands to try next, each runnable as printed.
    static func epilogue(_ outcome: DemoRunOutcome) -> String {
        let db = ShellQuote.word(outcome.databasePath)
        let name = DemoPolicies.name
        return """
            Wrote:
              database     \(outcome.databasePath)
              key          \(outcome.keyPath)  (HMAC key, mode 0600; no password is stored)
              HTML report  \(outcome.htmlPath)
              tuning       \(outcome.tuningHTMLPath)  (the min-length curve)

            Try next:
              pwaudit report --db \(db)
              pwaudit report --db \(db) --format json
              pwaudit compare \(name)@1 \(name)@2 --db \(db)
              pwaudit compare \(name)@2 \(name)@3 --db \(db)
              pwaudit tune --from \(name)@1 --vary min-length=8..16 --vary classes=0..4 --db \(db)
              pwaudit history --policy \(name) --by month --in-force --db \(db)
              pwaudit policy diff \(name)@1 \(name)@2 --db \(db)
              printf 'Password1!\\nTr0ub4dor&3-Horse!\\n' | pwaudit check --policy \(name)@3 --db \(db)
              sqlite3 -readonly \(db) 'SELECT reference, total, unlocked, unlocked_percent FROM v_run_version'

            """
    }

    private static func seconds(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
