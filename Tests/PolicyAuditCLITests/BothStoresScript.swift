/// The inputs and the scripted sequence of commands `BothStoresEndToEndTests` runs against a database file and a
/// PostgreSQL database (each a `BothStoresStore`).
///
/// Runs: the strict import of run1.csv fails and stores nothing, but takes run id 1 (on both stores); run1.csv is run 2
/// (its rejected rows to `rejects.csv`), run2.csv run 3 (rescored under corp@2), run3.csv run 4 (a plain import,
/// deleted), and `check --record` run 5; prune then empties runs 2, 3 and 5, and the reports are asked again. Besides
/// JSON, the other formats (table, CSV, Markdown, HTML) and `policy show|diff` are compared too.
///
/// Policy corp: corp@1 (effective 2026-01-01) = length ≥ 8, a digit; corp@2 (effective 2026-06-01) = length ≥ 10, a
/// digit, a special character. The inputs are made for ties, where an order the store chooses would show: accounts
/// with equal candidate counts (ann, bob, cid, dan: 2 each in run 1; dan's two last candidates at the same instant),
/// rules and rule pairs failing as often as each other (run 3), days with equal totals (5 each in run 1), equal
/// lengths and compositions, and a candidate without a time or a username.
enum BothStoresScript {
    /// `ReportCLIFixture`'s policy versions.
    static let corp1 = ReportCLIFixture.corp1
    static let corp2 = ReportCLIFixture.corp2
    /// `ReportCLIFixture.run1` (22 rows, 2 of them bad: line 14, an empty password; line 19, a missing field) with
    /// ties: c05–c09 moved onto ann, bob, cid and dan (2 candidates each; dan's last two at the same instant), and a
    /// 23rd row, c21, without a time or a username.
    static let run1 =
        [
            ("c05,eve,", "c05,ann,"), ("c06,fay,", "c06,bob,"), ("c07,gus,", "c07,cid,"), ("c08,hal,", "c08,dan,"),
            ("c09,ivy,2026-05-31T11:00:00Z,", "c09,dan,2026-05-31T10:00:00Z,"),
        ].reduce(ReportCLIFixture.run1) { text, change in
            precondition(text.contains(change.0), "ReportCLIFixture.run1 no longer has \(change.0)")
            return text.replacingOccurrences(of: change.0, with: change.1)
        } + "c21,,,abc1\n"
    /// Scored under corp@1 at import (length and digit fail 2 each), rescored under corp@2 (length and special 4 each;
    /// the pairs length+digit and digit+special 2 each).
    static let run2 = """
        id,username,submitted_at,password
        d1,uma,2026-05-29T08:00:00Z,abcdefg1
        d2,val,2026-05-29T09:00:00Z,abc
        d3,wes,2026-06-03T08:00:00Z,abc1
        d4,xia,2026-06-03T09:00:00Z,Abcdefghi1!
        d5,ann,2026-06-03T09:00:00Z,abcdefgh

        """
    /// A run that is deleted.
    static let run3 = """
        id,username,submitted_at,password
        e1,ann,2026-06-04T08:00:00Z,abcdefg1
        e2,bob,2026-06-04T08:00:00Z,abc

        """

    static let files = [
        "corp1.json": corp1, "corp2.json": corp2, "run1.csv": run1, "run2.csv": run2, "run3.csv": run3,
    ]

    /// Who runs a command on PostgreSQL: `init` as the superuser (it creates the roles), the commands that write as
    /// `<db>_writer`, `query` as `<db>_reader` (it refuses anyone else), the other readers as the writer. A database
    /// file has one address for all.
    enum Role: CaseIterable {
        case administrator, writer, reader
    }

    /// One command of the script.
    struct Step: CustomStringConvertible {
        let arguments: [String]
        let role: Role
        /// A file the command writes, compared too.
        var writes: String?
        /// Whether the command needs a terminal on stdin (`check --record`): run as the built binary on a
        /// pseudo-terminal, typing `typed`.
        var typed: String?

        var description: String { arguments.joined(separator: " ") }
    }

    private static func write(_ arguments: [String], writes: String? = nil) -> Step {
        Step(arguments: arguments, role: .writer, writes: writes)
    }

    private static func read(_ arguments: [String]) -> Step { Step(arguments: arguments, role: .writer) }

    /// The reports worth comparing before and after prune, in JSON.
    static let reports: [[String]] = [
        ["report", "--run", "2", "--format", "json"],
        ["report", "--run", "3", "--format", "json"],
        ["report", "--runs", "2,3", "--format", "json"],
        ["report", "--label", "first", "--format", "json"],
        ["compare", "corp@1", "corp@2", "--run", "2", "--format", "json"],
        ["compare", "corp@1", "corp@2", "--run", "3", "--format", "json"],
        ["history", "--format", "json"],
        ["history", "--by", "day", "--format", "json"],
        ["history", "--by", "week", "--format", "json"],
        ["history", "--by", "month", "--policy", "corp@1", "--format", "json"],
        ["history", "--by", "day", "--since", "2026-01-01", "--format", "json"],
        ["history", "--by", "week", "--until", "2026-12-31", "--format", "json"],
        ["history", "--by", "run", "--format", "json"],
        ["history", "--by", "day", "--in-force", "--format", "json"],
        ["history", "--by", "run", "--in-force", "--format", "json"],
        ["history", "--by", "month", "--in-force", "--format", "json"],
        ["history", "--by", "week", "--in-force", "--since", "2026-03-01", "--format", "json"],
        ["history", "--by", "run", "--in-force", "--until", "2026-06-30", "--format", "json"],
        ["tune", "--from", "corp@1", "--run", "2", "--vary", "min-length=4..12", "--format", "json"],
        [
            "tune", "--from", "corp@2", "--run", "3", "--vary", "min-length=6,8,10", "--vary", "classes=0..2",
            "--format", "json",
        ],
        [
            "tune", "--from", "corp@2", "--run", "2", "--vary", "drop=length,require-digit,require-special", "--format",
            "json",
        ],
    ]

    /// The script, in order.
    static let steps: [Step] =
        [
            Step(arguments: ["init"], role: .administrator),
            write(["policy", "add", "corp1.json", "--effective", "2026-01-01"]),
            write(["policy", "add", "corp2.json", "--effective", "2026-06-01"]),
            write(["import", "run1.csv", "--policy", "corp@1", "--policy", "corp@2", "--strict", "--label", "first"]),
            read(["runs"]),
            write(
                [
                    "import", "run1.csv", "--policy", "corp@1", "--policy", "corp@2", "--label", "first",
                    "--rejects", "rejects.csv", "--accounts",
                ], writes: "rejects.csv"),
            write(["import", "run2.csv", "--policy", "corp@1", "--accounts"]),
            write(["rescore", "3", "--policy", "corp@2", "run2.csv"]),
            write(["import", "run3.csv", "--policy", "corp@2"]),
            Step(
                arguments: ["check", "--policy", "corp@2", "--record", "--user", "ann"], role: .writer,
                typed: "Interactive-2026!\r"),
            read(["runs"]),
            read(["report", "--run", "5", "--format", "json"]),
            read(["report", "--run", "2", "--policy", "corp@1", "--format", "csv"]),
        ] + reports.map(read)
        + [
            read(["report", "--run", "3"]),
            read(["report", "--run", "3", "--format", "markdown"]),
            read(["report", "--run", "3", "--format", "html"]),
            read(["report", "--runs", "2,3", "--format", "csv"]),
            read(["compare", "corp@1", "corp@2", "--run", "3"]),
            read(["tune", "--from", "corp@1", "--run", "3", "--vary", "require=digit/upper,digit", "--format", "csv"]),
            read(["tune", "--from", "corp@2", "--vary", "min-length=4..16", "--format", "html"]),
            read(["history", "--by", "day", "--in-force"]),
            read(["history", "--by", "week", "--in-force", "--format", "csv"]),
            read(["compliance"]),
            read(["policy", "show", "corp@2"]),
            read(["policy", "diff", "corp@1", "corp@2"]),
            read(["compliance", "--all-versions", "--format", "json"]),
            Step(
                arguments: [
                    "query",
                    "SELECT username, candidates, runs FROM v_account_last_candidate ORDER BY candidates DESC, username",
                    "--format", "json",
                ], role: .reader),
            Step(
                arguments: [
                    "query",
                    """
                    SELECT DISTINCT l.username, a.external_id FROM v_account_last_candidate l
                    JOIN v_attempt_verdict a ON a.candidate_id = l.candidate_id ORDER BY 1, 2
                    """,
                    "--format", "json",
                ], role: .reader),
            write(["runs", "delete", "4"]),
            read(["runs"]),
            write(["prune", "--before", "2100-01-01"]),
            read(["runs"]),
        ] + reports.map(read)
        + [read(["policy", "list"])] + listingSteps

    /// Issue 25, item 3: the listings' and summaries' JSON, and `query --param` binding `:NAME` on each store.
    static let listingSteps: [Step] = [
        read(["runs", "--format", "json"]),
        read(["policy", "list", "--format", "json"]),
        read(["policy", "show", "corp@2", "--format", "json"]),
        read(["policy", "diff", "corp@1", "corp@2", "--format", "json"]),
        write(["import", "run3.csv", "--policy", "corp@2", "--again", "--format", "json"]),
        write(["rescore", "6", "--policy", "corp@1", "run3.csv", "--format", "json"]),
        write(["rescore", "6", "--policy", "corp@1", "run3.csv", "--format", "json"]),
        Step(
            arguments: [
                "query",
                """
                SELECT run_id, ':not_a_parameter' AS literal, :label AS label FROM v_run_summary
                WHERE run_id >= :first AND run_id <= :first + 1 ORDER BY run_id, reference -- :nor_this
                """,
                "--param", "first=5", "--param", "label=it's :a value", "--format", "json",
            ], role: .reader),
    ]
}
