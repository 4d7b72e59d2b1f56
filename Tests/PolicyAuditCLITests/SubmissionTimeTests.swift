import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// Defect 6 of issue 10: bad times made history buckets such as `2026-13-45`, offsets were ignored, rows without a
/// valid time vanished from period histories, and `--effective 2026-02-30` was stored.
@Suite("pwaudit import, report and history: submission times")
struct SubmissionTimeTests {
    static let csv = """
        id,username,password,submitted_at
        1,anna,Password1!,2026-01-05T09:00:00Z
        2,bob,Password2!,2026-01-05T23:30:00-05:00
        3,carol,short,2026-13-45T99:99:99Z
        4,dave,Password4!,
        5,erin,Password5!,2026-02-30

        """

    /// The history's buckets as `key total unlocked not-scored`.
    private func buckets(_ sandbox: ImportSandbox, _ arguments: [String]) throws -> [String] {
        let result = sandbox.run(["history", "--policy", "seed", "--format", "json"] + arguments)
        #expect(result.code == .success, "\(result.err)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        return (report["buckets"] as? [[String: Any]] ?? []).map { bucket in
            let unlocked = (bucket["unlocked"] as? [String: Any])?["count"] as? Int ?? -1
            return "\(bucket["key"]!) \(bucket["total"]!) \(unlocked) \(bucket["not_scored"]!)"
        }
    }

    @Test("bad and missing times are scored and counted under time: invalid / time: none; offsets move the day")
    func timesAreTallied() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("in.csv", Self.csv)
        let imported = sandbox.run(["import", file])
        #expect(imported.code == .success, "\(imported.err)")
        #expect(imported.out.contains("5 rows, 0 rejected, time: invalid 2, time: none 1,"), "\(imported.out)")
        #expect(
            try sandbox.integers("SELECT total FROM run_day_summary ORDER BY day") == [1, 1, 2, 1],
            "2026-01-05, 2026-01-06, invalid, none")
        #expect(
            try buckets(sandbox, ["--by", "day"]) == [
                "2026-01-05 1 1 0", "2026-01-06 1 1 0", "time: invalid 2 1 0", "time: none 1 1 0",
            ])
        #expect(
            try buckets(sandbox, ["--by", "month"]) == ["2026-01 2 2 0", "time: invalid 2 1 0", "time: none 1 1 0"])
        #expect(
            try buckets(sandbox, ["--by", "day", "--since", "2026-01-01"]) == ["2026-01-05 1 1 0", "2026-01-06 1 1 0"])
        #expect(
            try buckets(sandbox, ["--by", "month", "--in-force"]) == [
                "2026-01 0 0 2", "time: invalid 0 0 2", "time: none 0 0 1",
            ])

        let html = sandbox.run(["history", "--policy", "seed", "--by", "day", "--format", "html"])
        #expect(html.out.contains("<td>time: invalid</td>") || html.out.contains(">time: invalid<"), "\(html.out)")

        let report = sandbox.run(["report", "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.out.utf8)) as? [String: Any])
        let rows = try #require(json["rows"] as? [String: Any])
        #expect((rows["time_invalid"] as? [String: Any])?["count"] as? Int == 2)
        #expect((rows["time_none"] as? [String: Any])?["count"] as? Int == 1)
        let table = sandbox.run(["report"])
        #expect(table.out.contains("accepted, time: invalid") && table.out.contains("accepted, time: none"))
    }

    @Test("with --strict a bad time is a reject (invalid-time) and nothing is stored; a missing one is not")
    func strictRejectsInvalidTime() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("in.csv", Self.csv)
        let result = sandbox.run(["import", file, "--strict"])
        #expect(result.code == .dataError)
        #expect(result.err.contains("2 row(s) rejected, the first at line 4 (invalid-time)"), "\(result.err)")
        #expect(try sandbox.integer("SELECT count(*) FROM import_run") == 0)
        let missingOnly = try sandbox.write("ok.csv", "password,submitted_at\nPassword1!,\nPassword2!,2026-01-05\n")
        #expect(sandbox.run(["import", missingOnly, "--strict"]).code == .success)
    }

    @Test(
        "policy add --effective refuses a date that does not exist",
        arguments: [
            "2026-02-30", "2026-13-01",
            "2026-01-01T24:00:00Z", "2025-02-29",
        ])
    func effectiveDateMustExist(date: String) throws {
        let sandbox = try ImportSandbox(policies: [])
        let file = SourceTree.example("seed.json")
        let result = sandbox.run(["policy", "add", file, "--effective", date])
        #expect(result.code == .usage)
        #expect(try sandbox.integer("SELECT count(*) FROM policy_version") == 0)
        #expect(sandbox.run(["policy", "add", file, "--effective", "2024-02-29"]).code == .success)
    }
}
