import AuditCrypto
import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// `pwaudit query` on the report fixture (ReportCLIFixture: corp@1 from 2026-01-01, corp@2 from 2026-06-01).
@Suite("pwaudit query")
struct QueryCommandTests {
    /// The SHA-256 of the database file and of its `-wal` (when present), to show a refused statement changed nothing.
    private func databaseBytes(_ fixture: ReportCLIFixture) throws -> [String] {
        try ["a.db", "a.db-wal"].compactMap { name in
            let path = "\(fixture.directory)/\(name)"
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            return name + " " + SHA256.hexDigest([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        }
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test(
        "every stable view answers a SELECT",
        arguments: [
            "v_policy_period", "v_attempt_verdict", "v_candidate_in_force", "v_account_last_candidate", "v_run_summary",
            "v_compliance_finding", "v_policy_version", "v_run", "v_attempt", "v_run_version", "v_run_rule",
        ])
    func viewAnswers(view: String) throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let result = fixture.run(["query", "SELECT count(*) AS n FROM \(view)", "--format", "json"])
        #expect(result.code == .success, "\(result.err)")
        let rows = try #require(try json(result.out)["rows"] as? [[Int]])
        #expect((rows.first?.first ?? 0) > 0)
    }

    @Test("an import stores its accounts' last candidates only when asked (--accounts)")
    func accountsAreOptIn() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let rows = "id,username,submitted_at,password\na1,alice,2026-07-01T08:00:00Z,Correct-Horse-9\n"
        for (name, extra) in [("plain.csv", [String]()), ("named.csv", ["--accounts"])] {
            try Data(rows.utf8).write(to: URL(fileURLWithPath: "\(fixture.directory)/\(name)"))
            let imported = fixture.run(["import", name, "--policy", "corp@1", "--again"] + extra)
            #expect(imported.code == .success, "\(imported.err)")
        }
        let counted = fixture.run([
            "query", "SELECT run_id, count(*) FROM run_account_summary WHERE run_id > 2 GROUP BY run_id",
            "--format", "csv",
        ])
        #expect(counted.code == .success, "\(counted.err)")
        let lines = counted.out.split(whereSeparator: \.isNewline).map(String.init)
        #expect(lines == ["run_id,count(*)", "4,1"], "only the run imported with --accounts")
    }

    @Test("v_policy_period gives each version its period; v_run_summary a row per run and version")
    func periodsAndRuns() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let periods = fixture.run([
            "query", "SELECT reference, effective_from, effective_until FROM v_policy_period ORDER BY version",
            "--format", "csv",
        ])
        #expect(
            periods.out
                == "reference,effective_from,effective_until\r\ncorp@1,2026-01-01T00:00:00Z,2026-06-01T00:00:00Z\r\n"
                + "corp@2,2026-06-01T00:00:00Z,\r\n")
        let runs = fixture.run([
            "query",
            "SELECT run_id, reference, total, unlocked, pruned_at FROM v_run_summary ORDER BY run_id, reference",
            "--format", "csv",
        ])
        #expect(
            runs.out
                == "run_id,reference,total,unlocked,pruned_at\r\n1,corp@1,20,12,\r\n1,corp@2,20,4,\r\n2,corp@1,4,2,\r\n"
        )
    }

    @Test("v_candidate_in_force: the version in force at each candidate's time, and whether it passed it")
    func inForce() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let result = fixture.run([
            "query",
            """
            SELECT username, in_force_reference, passed, failed_rules FROM v_candidate_in_force
            WHERE username IN ('ann', 'fay', 'kim', 'uma', 'wes') ORDER BY username
            """,
            "--format", "csv",
        ])
        // ann 05-30 abc: corp@1 fails length and digit; fay 05-31 passes corp@1; kim 06-01 pass1 under corp@2 fails
        // length and special; uma 05-29 passes corp@1; wes 06-03: corp@2 in force, which run 2 did not score.
        #expect(
            result.out
                == "username,in_force_reference,passed,failed_rules\r\nann,corp@1,0,\"length,require-digit\"\r\n"
                + "fay,corp@1,1,\r\nkim,corp@2,0,\"length,require-special\"\r\numa,corp@1,1,\r\nwes,corp@2,,\r\n")
    }

    @Test("v_attempt_verdict and v_account_last_candidate")
    func verdictsAndAccounts() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let verdicts = fixture.run([
            "query",
            "SELECT reference, verdict, failed_rules FROM v_attempt_verdict WHERE username = 'kim' ORDER BY reference",
            "--format", "csv",
        ])
        #expect(
            verdicts.out
                == "reference,verdict,failed_rules\r\ncorp@1,fail,length\r\ncorp@2,fail,\"length,require-special\"\r\n")
        let accounts = fixture.run([
            "query", "SELECT count(*), count(DISTINCT candidate_id) FROM v_account_last_candidate",
        ])
        #expect(accounts.out.hasSuffix("      24                            24\n(1 row)\n"), "\(accounts.out)")
    }

    @Test("table output aligns columns and counts rows; JSON keeps column order, types and NULL")
    func formats() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let table = fixture.run(["query", "SELECT 'a' AS word, 12 AS n UNION ALL SELECT 'bcd', 3"])
        #expect(table.out == "word   n\n----  --\na     12\nbcd    3\n(2 rows)\n")
        let json = try json(
            fixture.run(["query", "SELECT 2 AS b, 'x' AS a, NULL AS c, 1.5 AS d", "--format", "json"]).out)
        #expect(json["columns"] as? [String] == ["b", "a", "c", "d"])
        let row = try #require((json["rows"] as? [[Any]])?.first)
        #expect(row[0] as? Int == 2 && row[1] as? String == "x" && row[2] is NSNull && row[3] as? Double == 1.5)
        let csv = fixture.run(["query", "SELECT '=cmd()' AS formula, 'a,b' AS comma", "--format", "csv"])
        #expect(csv.out == "formula,comma\r\n'=cmd(),\"a,b\"\r\n")
        let markdown = fixture.run(["query", "SELECT 1", "--format", "markdown"])
        #expect(markdown.code == .usage)
    }

    @Test("--output writes the result to a file, refuses the database, and leaves no file when the query fails")
    func output() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let written = fixture.run(["query", "SELECT 1 AS one", "--format", "csv", "--output", "one.csv"])
        #expect(written.code == .success)
        #expect(try String(contentsOfFile: "\(fixture.directory)/one.csv", encoding: .utf8) == "one\r\n1\r\n")
        let clash = fixture.run(["query", "SELECT 1", "--output", "a.db"])
        #expect(clash.code == .usage)
        let refused = fixture.run(["query", "DELETE FROM candidate", "--output", "one.csv"])
        #expect(refused.code == .dataError)
        #expect(try String(contentsOfFile: "\(fixture.directory)/one.csv", encoding: .utf8) == "one\r\n1\r\n")
        #expect(fixture.run(["query", "SELECT * FROM nowhere", "--output", "never.csv"]).code == .dataError)
        #expect(!FileManager.default.fileExists(atPath: "\(fixture.directory)/never.csv"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.directory).filter {
            $0.contains("never")
        }
        #expect(leftovers.isEmpty)
    }

    @Test(
        "statements that write, attach, load, change a pragma or create are refused and change no byte",
        arguments: [
            ("INSERT INTO policy (name, created_at) VALUES ('x', 'now')", "INSERT into policy"),
            ("UPDATE import_run SET label = 'x'", "UPDATE of import_run"),
            ("DELETE FROM candidate", "DELETE from candidate"),
            ("DROP TABLE candidate", "DROP candidate"),
            ("DROP VIEW v_run", "DROP v_run"),
            ("CREATE TABLE t (a)", "CREATE t"),
            ("CREATE TEMP TABLE t (a)", "CREATE TEMP t"),
            ("CREATE TEMP VIEW t AS SELECT 1", "CREATE TEMP t"),
            ("CREATE INDEX i ON candidate (length)", "CREATE i"),
            ("CREATE TRIGGER g AFTER INSERT ON policy BEGIN SELECT 1; END", "CREATE g"),
            ("ALTER TABLE candidate ADD COLUMN x", "ALTER TABLE candidate"),
            ("ATTACH DATABASE 'other.db' AS other", "ATTACH"),
            ("VACUUM INTO 'copy.db'", "a statement that writes"),
            ("VACUUM", "a statement that writes"),
            ("PRAGMA journal_mode = DELETE", "PRAGMA journal_mode"),
            ("PRAGMA journal_mode", "PRAGMA journal_mode"),
            ("PRAGMA user_version = 7", "PRAGMA user_version"),
            ("SELECT load_extension('/nonexistent/ext')", "function load_extension"),
            ("SELECT * FROM pragma_journal_mode", "PRAGMA journal_mode"),
            ("SELECT * FROM pragma_journal_mode('main')", "PRAGMA journal_mode"),
            ("SELECT value FROM json_each('[1]') JOIN pragma_user_version", "PRAGMA user_version"),
            ("BEGIN", "transaction control"),
            ("SAVEPOINT s", "SAVEPOINT"),
            ("ANALYZE", "CREATE sqlite_stat1"),
            ("CREATE VIRTUAL TABLE v USING json_each", "CREATE VIRTUAL TABLE v"),
            ("REINDEX", "REINDEX"),
            ("WITH x AS (SELECT 1 AS a) INSERT INTO policy (name, created_at) SELECT 'y', 'now' FROM x", "INSERT into"),
            (
                "WITH x AS (SELECT id FROM import_run) DELETE FROM import_run WHERE id IN (SELECT id FROM x)",
                "DELETE from"
            ),
            ("WITH x AS (SELECT 1) UPDATE import_run SET label = (SELECT * FROM x)", "UPDATE of import_run"),
            ("SELECT 1; DELETE FROM candidate", "more than one statement"),
            ("SELECT 1; SELECT 2", "more than one statement"),
        ])
    func refused(sql: String, named: String) throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        // The import's writer thread releases its connection as the thread ends, just after the import returns; its
        // close checkpoints and removes the -wal. Then a first read-only open leaves an empty -wal and a -shm beside
        // the database (docs/schema.md); from then on, the bytes must not change.
        #expect(waitUntil { !FileManager.default.fileExists(atPath: "\(fixture.directory)/a.db-wal") })
        #expect(fixture.run(["query", "SELECT count(*) FROM v_run"]).code == .success)
        let before = try databaseBytes(fixture)
        let result = fixture.run(["query", sql])
        #expect(result.code == .dataError)
        #expect(result.err.contains("refused: \(named)"), "\(result.err)")
        #expect(result.err.contains("a schema change") == named.contains("a schema change"), "\(result.err)")
        #expect(result.out.isEmpty)
        #expect(try databaseBytes(fixture) == before)
        for name in ["other.db", "copy.db"] {
            #expect(!FileManager.default.fileExists(atPath: "\(fixture.directory)/\(name)"))
        }
        let candidates = fixture.run(["query", "SELECT count(*) FROM candidate", "--format", "csv"])
        #expect(candidates.out == "count(*)\r\n24\r\n")
    }

    @Test("schema pragmas and trailing comments are allowed")
    func allowed() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let info = fixture.run(["query", "PRAGMA table_info(candidate)", "--format", "csv"])
        #expect(info.code == .success)
        #expect(info.out.contains(",username,TEXT,"))
        let tableValued = fixture.run(["query", "SELECT name FROM pragma_table_info('candidate')", "--format", "csv"])
        #expect(tableValued.code == .success, "\(tableValued.err)")
        #expect(tableValued.out.contains("\r\nusername\r\n"))
        let commented = fixture.run(["query", "SELECT 1 AS one; -- the end\n"])
        #expect(commented.code == .success, "\(commented.err)")
        let empty = fixture.run(["query", "  -- nothing\n"])
        #expect(empty.code == .dataError)
    }

    @Test("table-valued functions (json_each, json_tree) are read-only: allowed, where writes stay refused")
    func tableValuedFunctions() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let each = fixture.run(["query", "SELECT value FROM json_each('[1,2]')", "--format", "csv"])
        #expect(each.code == .success, "\(each.err)")
        #expect(each.out == "value\r\n1\r\n2\r\n")
        let tree = fixture.run([
            "query", #"SELECT fullkey, atom FROM json_tree('{"a":[5]}') WHERE atom IS NOT NULL"#, "--format", "csv",
        ])
        #expect(tree.out == "fullkey,atom\r\n$.a[0],5\r\n", "\(tree.err)")
        let joined = fixture.run([
            "query", "SELECT count(*) FROM candidate JOIN json_each('[\"ann\",\"bob\"]') j ON j.value = username",
            "--format", "csv",
        ])
        #expect(joined.out == "count(*)\r\n2\r\n", "\(joined.err)")
        let write = fixture.run([
            "query",
            "WITH j AS (SELECT value FROM json_each('[1]')) DELETE FROM candidate WHERE id IN (SELECT * FROM j)",
        ])
        #expect(write.code == .dataError)
        #expect(write.err.contains("refused: DELETE from candidate"), "\(write.err)")
        let schema = fixture.run(["query", "UPDATE sqlite_master SET sql = ''"])
        #expect(schema.code == .dataError)
        #expect(
            fixture.run(["query", "SELECT count(*) FROM candidate", "--format", "csv"]).out == "count(*)\r\n24\r\n")
    }

    @Test("CSV quotes per RFC 4180 (CR and LF kept inside quotes) and guards text, never numbers, against formulas")
    func csvQuotingAndFormulaGuard() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let result = fixture.run([
            "query",
            """
            SELECT -5 AS n, -1.5 AS r, '-5' AS t, '=1+1' AS f, 'a' || char(13) || 'b' AS cr, 'x' || char(10) || 'y' AS lf,
                'say "hi"' AS q, 'a,b' AS c, x'0aff' AS b, NULL AS z, '+1' AS "=h"
            """,
            "--format", "csv",
        ])
        #expect(result.code == .success, "\(result.err)")
        #expect(
            result.out
                == "n,r,t,f,cr,lf,q,c,b,z,'=h\r\n-5,-1.5,'-5,'=1+1,\"a\rb\",\"x\ny\",\"say \"\"hi\"\"\",\"a,b\",0aff,,'+1\r\n"
        )
    }

    @Test("JSON: numbers as numbers, a non-finite real as null, a blob as {\"hex\": …}, text escaped")
    func jsonValues() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let result = fixture.run([
            "query",
            "SELECT 7 AS i, -2.5 AS r, 1e999 AS inf, -1e999 AS ninf, x'00ff' AS b, 'a\"b' || char(10) AS t, NULL AS z",
            "--format", "json",
        ])
        #expect(result.code == .success, "\(result.err)")
        #expect(
            result.out == """
                {
                  "columns": ["i", "r", "inf", "ninf", "b", "t", "z"],
                  "rows": [
                    [7, -2.5, null, null, {"hex": "00ff"}, "a\\"b\\n", null]
                  ]
                }

                """)
        let row = try #require((try json(result.out)["rows"] as? [[Any]])?.first)
        #expect(row[0] as? Int == 7 && row[1] as? Double == -2.5 && row[2] is NSNull && row[3] is NSNull)
        #expect((row[4] as? [String: String]) == ["hex": "00ff"] && row[5] as? String == "a\"b\n")
        let empty = fixture.run(["query", "SELECT 1 AS one WHERE 0", "--format", "json"])
        #expect((try json(empty.out)["rows"] as? [Any])?.isEmpty == true)
    }

    @Test("rows are written as they come: a query stopped at its deadline leaves the rows before the stop")
    func streamsRows() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let endless = "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT n FROM c"
        for (format, start) in [
            ("csv", "n\r\n1\r\n2\r\n3\r\n"), ("table", "   n\n----\n   1\n   2\n"),
            ("json", "{\n  \"columns\": [\"n\"]"),
        ] {
            let result = fixture.run(["query", endless, "--timeout", "0.3", "--format", format])
            #expect(result.code == .dataError)
            #expect(result.err.contains("time limit of 0.3 s"), "\(result.err)")
            #expect(result.out.hasPrefix(start), "\(format): \(result.out.prefix(80))")
            #expect(!result.out.contains(" rows)") && !result.out.hasSuffix("}\n"), "no footer: the result is cut")
        }
    }

    @Test("the table aligns columns over its first 1,000 rows; a wider cell further down is shown whole")
    func tableWindow() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let result = fixture.run([
            "query",
            "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 1001) "
                + "SELECT CASE n WHEN 1001 THEN 'wider' ELSE 'a' END AS w, n FROM c",
        ])
        #expect(result.code == .success, "\(result.err)")
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.prefix(3) == ["w     n", "-  ----", "a     1"])
        #expect(lines[1001] == "a  1000")
        #expect(lines[1002] == "wider  1001")
        #expect(lines[1003] == "(1001 rows)")
    }

    @Test(
        "--timeout 2 holds within 3 s: a long value per row, per-row work without long values",
        arguments: [
            "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 100000) "
                + "SELECT sum(length(randomblob(8000000))) FROM c",
            "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 100000) "
                + "SELECT randomblob(1000000) FROM c",
            "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) "
                + "SELECT sum(length(hex(randomblob(64))) + instr(printf('%.*c', 200, 'x'), 'y')) FROM c",
        ])
    func timeoutHolds(sql: String) throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let clock = ContinuousClock()
        let start = clock.now
        let result = fixture.run(["query", sql, "--timeout", "2", "--format", "csv", "--output", "out.csv"])
        let elapsed = start.duration(to: clock.now)
        #expect(result.code == .dataError)
        #expect(result.err.contains("time limit of 2 s"), "\(result.err)")
        #expect(elapsed < .seconds(3), "stopped after \(elapsed)")
    }

    /// A standard output that takes `delay` over every write, as a pager reading slowly does.
    private final class SlowOutput: OutputSink {
        let delay: UInt32
        private(set) var text = ""
        init(microseconds: UInt32) { delay = microseconds }
        func write(_ text: String) {
            usleep(delay)
            self.text += text
        }
        func flush() {}
        var isTerminal: Bool { false }
        var writeFailure: Int32? { nil }
    }

    @Test("time spent waiting for the output to be taken does not count against --timeout")
    func slowReaderIsNotTimedOut() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        // 30 rows of 80 KB: each one output write of 0.1 s, 3 s in all, for a query of milliseconds.
        let out = SlowOutput(microseconds: 100_000)
        let err = CapturedOutput()
        let code = PolicyAuditCLI.run(
            [
                "query",
                "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 30) "
                    + "SELECT n, hex(zeroblob(40000)) AS h FROM c",
                "--format", "csv", "--timeout", "1", "--db", "\(fixture.directory)/a.db",
            ], context: CLIContext(stdout: out, stderr: err, currentDirectory: fixture.directory))
        #expect(code == .success, "\(err.text)")
        #expect(out.text.hasSuffix("30,\(String(repeating: "0", count: 80000))\r\n"))
    }

    @Test("the query stops at the first failed write to standard output: exit 74 at once, one line on stderr")
    func stopsAtFailedWrite() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let err = CapturedOutput()
        let clock = ContinuousClock()
        let start = clock.now
        let code = PolicyAuditCLI.run(
            [
                "query", "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT n FROM c",
                "--format", "csv", "--timeout", "20", "--db", "\(fixture.directory)/a.db",
            ],
            context: CLIContext(
                stdout: FileDescriptorSink(descriptor: descriptor), stderr: err, currentDirectory: fixture.directory))
        #expect(code == .ioError)
        #expect(start.duration(to: clock.now) < .seconds(10), "the endless query ran on after the failed write")
        #expect(err.text == "Error: cannot write standard output: \(String(cString: strerror(ENOSPC)))\n")
    }

    @Test("a value longer than 8 MiB stops the query at once (a randomblob of 500 MB)")
    func valueLengthLimit() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let clock = ContinuousClock()
        let start = clock.now
        let result = fixture.run(["query", "SELECT sum(length(randomblob(500000000)))", "--timeout", "2"])
        #expect(start.duration(to: clock.now) < .seconds(1))
        #expect(result.code == .dataError)
        #expect(result.err.contains("longer than the limit of 8 MiB"), "\(result.err)")
        #expect(result.out.isEmpty)
        let justUnder = fixture.run(["query", "SELECT length(zeroblob(8388608)) AS n", "--format", "csv"])
        #expect(justUnder.out == "n\r\n8388608\r\n", "\(justUnder.err)")
    }

    @Test("a runaway query stops at --timeout with a message saying how to raise it")
    func timeout() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let result = fixture.run([
            "query",
            "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 1000000000000) "
                + "SELECT count(*) FROM c",
            "--timeout", "0.2",
        ])
        #expect(result.code == .dataError)
        #expect(result.err.contains("time limit of 0.2 s"), "\(result.err)")
        #expect(result.err.contains("--timeout"))
        #expect(fixture.run(["query", "SELECT 1", "--timeout", "0"]).code == .usage)
    }

    @Test("invalid SQL is bad data with SQLite's reason")
    func invalid() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let result = fixture.run(["query", "SELECT * FROM no_such_table"])
        #expect(result.code == .dataError)
        #expect(result.err.contains("no such table: no_such_table"))
    }
}
