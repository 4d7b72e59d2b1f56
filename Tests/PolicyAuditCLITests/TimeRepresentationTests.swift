import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// Issue 20, item 1: times were stored as the CSV wrote them and compared as text, so `v_candidate_in_force`,
/// `v_account_last_candidate` and docs/queries.md's worked queries judged candidates with offsets, a space for `T` or
/// no zone by the wrong version, picked the wrong "last" candidate and filtered the wrong quarter, while
/// `history --in-force` (which parsed them) disagreed. Every time is now stored as one canonical UTC instant, and a
/// version is in force from the start of the UTC day of its effective date, everywhere.
@Suite("One time representation: stored instants, one grain for in force")
struct TimeRepresentationTests {
    /// One CSV row: the time as written, the canonical instant it names (nil: not a time), the password's length.
    struct Row {
        var username: String
        var written: String
        var utc: String?
        var length: Int

        /// The version of `corp` in force on the row's UTC day: 2 from 2026-07-01, else 1.
        var version: Int? { utc.map { $0 >= "2026-07-01" ? 2 : 1 } }
        /// Whether the row passes that version (`length` min 8, then 12).
        var passes: Bool? { version.map { length >= ($0 == 2 ? 12 : 8) } }
        var day: String? { utc.map { String($0.prefix(10)) } }
    }

    /// Mixed offsets, a space for `T`, a bare date, a time without a zone, fractions and `±HHMM`, around corp@2's
    /// effective date (2026-07-01) and the end of Q3 2026; each comment names what comparing the text got wrong.
    static let rows: [Row] = [
        Row(username: "anna", written: "2026-06-30T12:00:00Z", utc: "2026-06-30T12:00:00Z", length: 14),
        // 07-01T03:00Z: corp@2, in Q3. As text it sorted before 2026-07-01: corp@1, outside Q3.
        Row(username: "anna", written: "2026-06-30T22:00:00-05:00", utc: "2026-07-01T03:00:00Z", length: 10),
        // 06-30T23:00Z: corp@1, outside Q3. As text: corp@2, in Q3.
        Row(username: "bob", written: "2026-07-01T01:00:00+02:00", utc: "2026-06-30T23:00:00Z", length: 10),
        Row(username: "carol", written: "2026-07-02T08:00:00Z", utc: "2026-07-02T08:00:00Z", length: 14),
        // carol's last candidate. As text ' ' sorted before 'T': the 08:00 one was "last".
        Row(username: "carol", written: "2026-07-02 23:00:00Z", utc: "2026-07-02T23:00:00Z", length: 10),
        Row(username: "dave", written: "2026-07-03", utc: "2026-07-03T00:00:00Z", length: 10),
        // No zone: read as UTC. It was an invalid time, judged by no version.
        Row(username: "erin", written: "2026-06-29T10:00:00", utc: "2026-06-29T10:00:00Z", length: 10),
        // 10-01T03:00Z: outside Q3. As text: inside.
        Row(username: "frank", written: "2026-09-30T22:00:00-05:00", utc: "2026-10-01T03:00:00Z", length: 10),
        Row(username: "gina", written: "2026-07-15T10:00:00.750+0100", utc: "2026-07-15T09:00:00Z", length: 11),
        Row(username: "hank", written: "not a time", utc: nil, length: 10),
    ]

    /// A sandbox holding corp@1 (length 8, from 2026-01-01) and corp@2 (length 12, from 2026-07-01), with `rows`
    /// imported under both.
    private func importedSandbox() throws -> ImportSandbox {
        let sandbox = try ImportSandbox(policies: [])
        for (number, (min, effective)) in [(8, "2026-01-01"), (12, "2026-07-01")].enumerated() {
            let file = try sandbox.write(
                "corp\(number + 1).json", #"{"name": "corp", "rules": [{"rule": "length", "min": \#(min)}]}"#)
            try #require(sandbox.run(["policy", "add", file, "--effective", effective]).code == .success)
        }
        let csv =
            "username,password,submitted_at\n"
            + Self.rows.map { "\($0.username),\(String(repeating: "a", count: $0.length)),\($0.written)\n" }
            .joined()
        let file = try sandbox.write("mixed.csv", csv)
        let imported = sandbox.run(["import", file, "--policy", "corp@1", "--policy", "corp@2", "--accounts"])
        try #require(imported.code == .success, "\(imported.err)")
        #expect(imported.out.contains("time: invalid 1, time: 2 without zone (read as UTC),"), "\(imported.out)")
        return sandbox
    }

    /// `pwaudit query SQL --format json`: the rows.
    private func query(_ sandbox: ImportSandbox, _ sql: String) throws -> [[Any]] {
        let result = sandbox.run(["query", sql, "--format", "json"])
        try #require(result.code == .success, "\(sql): \(result.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        return try #require(json["rows"] as? [[Any]])
    }

    /// The SQL of docs/queries.md's worked query `number`, as the page gives it.
    private func workedQuery(_ number: Int) throws -> String {
        let page = try String(contentsOf: SourceTree.root.appendingPathComponent("docs/queries.md"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: "\n## \(number). ").dropFirst().first)
        let sql = try #require(section.firstMatch(of: #/```sql\n(?<sql>.*?)\n```/#.dotMatchesNewlines()))
        return String(sql.output.sql)
    }

    @Test("every candidate's time is stored as its canonical UTC instant; one that is not a time is NULL")
    func storedInstants() throws {
        let sandbox = try importedSandbox()
        let stored = try query(sandbox, "SELECT line, submitted_at FROM candidate ORDER BY line")
        #expect(stored.map { $0[1] as? String } == Self.rows.map(\.utc))
    }

    @Test("v_candidate_in_force judges each candidate by the version in force on its UTC day")
    func inForceView() throws {
        let sandbox = try importedSandbox()
        let judged = try query(
            sandbox, "SELECT line, in_force_reference, passed FROM v_candidate_in_force ORDER BY line")
        let expected = Self.rows.enumerated().compactMap { index, row in
            row.version.map { "\(index + 2) corp@\($0) \(row.passes! ? 1 : 0)" }
        }
        #expect(judged.map { "\($0[0]) \($0[1]) \($0[2])" } == expected)
    }

    @Test("v_account_last_candidate picks each account's latest instant, whatever the text looked like")
    func lastCandidate() throws {
        let sandbox = try importedSandbox()
        let last = try query(
            sandbox,
            "SELECT l.username, c.line FROM v_account_last_candidate l JOIN candidate c ON c.id = l.candidate_id"
                + " WHERE l.submitted_at IS NOT NULL ORDER BY l.username")
        var expected: [String: (line: Int, utc: String)] = [:]
        for (index, row) in Self.rows.enumerated() {
            guard let utc = row.utc else { continue }
            if (expected[row.username]?.utc ?? "") < utc { expected[row.username] = (index + 2, utc) }
        }
        #expect(
            last.map { "\($0[0]) \($0[1])" }
                == expected.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.line)" })
        #expect(last.contains { $0[0] as? String == "carol" && $0[1] as? Int == 6 }, "carol's 23:00 candidate")
    }

    @Test(
        "the views, docs/queries.md's worked queries 3-5 (as the page gives them) and history --in-force agree candidate by candidate"
    )
    func viewsDocsAndHistoryAgree() throws {
        let sandbox = try importedSandbox()
        let lastRows = Dictionary(grouping: Self.rows.filter { $0.utc != nil }, by: \.username).mapValues {
            $0.max { $0.utc! < $1.utc! }!
        }

        // Query 3: per version in force, the accounts whose last candidate it judged, and how many failed.
        let perVersion = Dictionary(grouping: lastRows.values, by: { $0.version! })
        let expected3 = perVersion.keys.sorted().map { version -> String in
            let rows = perVersion[version]!
            let failed = rows.filter { !$0.passes! }.count
            let percent = (100.0 * Double(failed) / Double(rows.count) * 100).rounded() / 100
            return "corp corp@\(version) \(rows.count) \(failed) \(percent) 0"
        }
        let query3 = try query(sandbox, workedQuery(3)).map { row in
            "\(row[0]) \(row[1]) \(row[2]) \(row[3]) \((row[4] as? NSNumber)?.doubleValue ?? -1) \(row[5])"
        }
        #expect(query3 == expected3)

        // Query 4: the accounts whose last candidate failed, with its instant and the version that judged it.
        let expected4 = lastRows.values.filter { $0.passes == false }.sorted { $0.username < $1.username }.prefix(10)
            .map { "\($0.username) \($0.utc!) corp@\($0.version!) length" }
        let query4 = try query(sandbox, workedQuery(4)).map { "\($0[0]) \($0[1]) \($0[2]) \($0[3])" }
        #expect(query4 == Array(expected4))

        // Query 5: the candidates of Q3 2026 as instants, [2026-07-01T00:00:00Z, 2026-10-01T00:00:00Z).
        let q3 = Self.rows.filter {
            ($0.utc ?? "") >= "2026-07-01T00:00:00Z" && ($0.utc ?? "") < "2026-10-01T00:00:00Z"
        }
        let query5 = try query(sandbox, workedQuery(5))
        #expect(query5.first?[0] as? Int == q3.count && q3.count == 5)
        #expect(query5.first?[1] as? Int == q3.filter { $0.length < 15 }.count)
        #expect(query5.first?[3] as? Int == q3.filter { $0.length < 12 }.count)

        // history --in-force, per UTC day: the version judging the day, its candidates and those unlocked, as the
        // view judged each candidate of that day.
        let history = sandbox.run(["history", "--policy", "corp", "--by", "day", "--in-force", "--format", "json"])
        try #require(history.code == .success, "\(history.err)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(history.out.utf8)) as? [String: Any])
        let buckets = (report["buckets"] as? [[String: Any]] ?? []).map { bucket in
            let unlocked = (bucket["unlocked"] as? [String: Any])?["count"] as? Int ?? -1
            let versions = (bucket["versions"] as? [Int] ?? []).map(String.init).joined(separator: "+")
            return "\(bucket["key"]!) v\(versions) \(bucket["total"]!) \(unlocked) \(bucket["not_scored"]!)"
        }
        let view = try query(
            sandbox,
            "SELECT substr(submitted_at, 1, 10), substr(in_force_reference, 6), count(*), sum(passed) "
                + "FROM v_candidate_in_force GROUP BY 1, 2 ORDER BY 1, 2"
        ).map { "\($0[0]) v\($0[1]) \($0[2]) \($0[3]) 0" }
        let days = Dictionary(grouping: Self.rows.filter { $0.day != nil }, by: { $0.day! })
        let expectedDays = days.keys.sorted().map { day -> String in
            let rows = days[day]!
            return "\(day) v\(rows[0].version!) \(rows.count) \(rows.filter { $0.passes! }.count) 0"
        }
        #expect(view == expectedDays)
        #expect(buckets == expectedDays + ["time: invalid v 0 0 1"])
    }

    @Test("--effective, --before and policy at read the same forms as CSV times, and policy at uses the UTC day")
    func commandLineTimes() throws {
        let sandbox = try ImportSandbox(policies: [])
        let one = try sandbox.write("1.json", #"{"name": "corp", "rules": [{"rule": "length", "min": 8}]}"#)
        let two = try sandbox.write("2.json", #"{"name": "corp", "rules": [{"rule": "length", "min": 12}]}"#)
        #expect(sandbox.run(["policy", "add", one, "--effective", "2026-01-01 00:00:00+00:00"]).code == .success)
        // Midnight UTC written at another offset is a UTC day.
        #expect(sandbox.run(["policy", "add", two, "--effective", "2026-01-05T19:00:00-05:00"]).code == .success)
        let effective = try query(sandbox, "SELECT effective_from FROM policy_version ORDER BY version")
        #expect(effective.map { $0[0] as? String } == ["2026-01-01T00:00:00Z", "2026-01-06T00:00:00Z"])

        let at = { (time: String) in sandbox.run(["policy", "at", "corp", time]).out }
        #expect(at("2026-01-05T23:30:00-05:00").hasPrefix("corp@2\t"), "04:30Z on the 6th")
        #expect(at("2026-01-06T01:00:00+02:00").hasPrefix("corp@1\t"), "23:00Z on the 5th")
        #expect(at("2026-01-06").hasPrefix("corp@2\t"))
        #expect(at("2026-01-05 23:59:59.9").hasPrefix("corp@1\t"))

        for time in ["2026-01-05T23:30:00-0500", "2026-01-05 08:00:00", "2026-01-05t08:00:00.5z"] {
            let pruned = sandbox.run(["prune", "--before", time, "--dry-run"])
            #expect(pruned.code == .success, "\(time): \(pruned.err)")
        }
        let instant = sandbox.run(["prune", "--before", "2026-01-05T23:30:00-05:00", "--dry-run"])
        #expect(instant.out.contains("finished before 2026-01-06T04:30:00Z"), "\(instant.out)")
        #expect(sandbox.run(["history", "--policy", "corp", "--since", "2026-01-05T23:30:00-05:00"]).code != .usage)
    }

    @Test("--effective refuses a time that is not midnight UTC, saying why, and stores nothing")
    func effectiveIsADay() throws {
        let sandbox = try ImportSandbox(policies: [])
        let file = try sandbox.write("1.json", #"{"name": "corp", "rules": [{"rule": "length", "min": 8}]}"#)
        let refused = sandbox.run(["policy", "add", file, "--effective", "2026-01-06T12:00:00+02:00"])
        #expect(refused.code == .usage)
        #expect(
            refused.err.hasPrefix(
                "Error: --effective '2026-01-06T12:00:00+02:00' is 2026-01-06T10:00:00Z, not midnight UTC: a version is "
                    + "in force from the start of a UTC day; give the day (2026-01-06)\n"), "\(refused.err)")
        #expect(try sandbox.integer("SELECT count(*) FROM policy_version") == 0)
    }
}
