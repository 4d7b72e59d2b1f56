import AuditCrypto
import Foundation
import PolicyStore
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// `pwaudit prune` on the report fixture plus a third, larger run (so that deleting it frees whole pages).
@Suite("pwaudit prune")
struct PruneCommandTests {
    /// Run 3: 6,000 rows, all under corp@1 and corp@2.
    private static let bigRun =
        "id,username,submitted_at,password\n"
        + (1...6_000).map { "b\($0),user\($0 % 700),2026-04-0\($0 % 9 + 1)T08:00:00Z,Pw\($0 * 7919)x!" }
        .joined(separator: "\n") + "\n"

    /// The fixture with run 3 imported and runs 1 and 3 finished in 2025 (runs 2 stays recent).
    private func fixture() throws -> ReportCLIFixture {
        let fixture = try ReportCLIFixture()
        try Data(Self.bigRun.utf8).write(to: URL(fileURLWithPath: "\(fixture.directory)/run3.csv"))
        let imported = fixture.run(["import", "run3.csv", "--policy", "corp@1", "--policy", "corp@2", "--accounts"])
        #expect(imported.code == .success, "\(imported.err)")
        #expect(waitUntil { !FileManager.default.fileExists(atPath: "\(fixture.directory)/a.db-wal") })
        let database = try Database(path: "\(fixture.directory)/a.db", mode: .readWrite)
        try database.execute("UPDATE import_run SET finished_at = '2025-12-31T10:00:00Z' WHERE id IN (1, 3)")
        return fixture
    }

    /// Every report of the three runs in every format, with the generation time masked.
    private func reports(_ fixture: ReportCLIFixture) -> [String: String] {
        var outputs: [String: String] = [:]
        for format in ["table", "json", "csv", "markdown", "html"] {
            for run in ["1", "2", "3"] {
                outputs["report \(run) \(format)"] = fixture.run(["report", "--run", run, "--format", format]).out
            }
            for run in ["1", "3"] {
                outputs["compare \(run) \(format)"] =
                    fixture.run(["compare", "corp@1", "corp@2", "--run", run, "--format", format]).out
                outputs["compare reversed \(run) \(format)"] =
                    fixture.run(["compare", "corp@2", "corp@1", "--run", run, "--format", format]).out
            }
            outputs["history \(format)"] = fixture.run(["history", "--policy", "corp", "--format", format]).out
            outputs["history in force \(format)"] =
                fixture.run(["history", "--policy", "corp", "--by", "day", "--in-force", "--format", format]).out
        }
        return outputs.mapValues {
            $0.replacing(#/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?Z?( UTC)?/#, with: "<time>")
        }
    }

    private func count(_ fixture: ReportCLIFixture, _ sql: String) -> String {
        fixture.run(["query", sql, "--format", "csv"]).out.split(separator: "\r\n").dropFirst().joined(separator: "|")
    }

    private func fileBytes(_ fixture: ReportCLIFixture) -> Int {
        ["a.db", "a.db-wal"].reduce(0) { total, name in
            let path = "\(fixture.directory)/\(name)"
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
            return total + (size ?? 0)
        }
    }

    private func hashes(_ fixture: ReportCLIFixture) throws -> [String] {
        try ["a.db", "a.db-wal"].compactMap { name in
            let path = "\(fixture.directory)/\(name)"
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            return SHA256.hexDigest([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        }
    }

    @Test("prune deletes old runs' candidates and attempts, keeps summaries and reports, and shrinks the file")
    func prunes() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        let reportsBefore = reports(fixture)
        let summaries =
            "SELECT run_id, policy_version_id, total, unlocked, near_miss FROM run_version_summary ORDER BY 1, 2"
        let summariesBefore = count(fixture, summaries)
        #expect(
            count(fixture, "SELECT c.run_id, count(*) FROM candidate c GROUP BY c.run_id") == "1,20|2,4|3,6000")
        #expect(count(fixture, "SELECT run_id, count(*) FROM run_account_summary GROUP BY run_id") == "1,20|2,4|3,700")
        let bytesBefore = fileBytes(fixture)

        let pruned = fixture.run(["prune", "--before", "2026-01-01"])
        #expect(pruned.code == .success, "\(pruned.err)")
        #expect(
            pruned.out.hasPrefix("pruned 2 run(s) (1, 3): 6,020 candidates, 12,040 attempts; the database went from"))
        #expect(fileBytes(fixture) < bytesBefore)
        #expect(count(fixture, "SELECT c.run_id, count(*) FROM candidate c GROUP BY c.run_id") == "2,4")
        #expect(count(fixture, "SELECT count(*) FROM attempt") == "4")
        #expect(count(fixture, summaries) == summariesBefore)
        // The pruned runs' accounts no longer have a last candidate there: only run 2's remain.
        #expect(count(fixture, "SELECT run_id, count(*) FROM run_account_summary GROUP BY run_id") == "2,4")
        #expect(count(fixture, "SELECT count(*) FROM v_account_last_candidate") == "4")
        #expect(count(fixture, "SELECT id, pruned_at IS NOT NULL FROM import_run ORDER BY id") == "1,1|2,0|3,1")
        let after = reports(fixture)
        for (name, text) in reportsBefore {
            #expect(after[name] == text, "\(name) changed after prune")
            #expect(!text.isEmpty, "\(name) is empty")
        }

        let runs = fixture.run(["runs"])
        #expect(runs.out.split(separator: "\n").contains { $0.hasPrefix("1 ") && $0.contains("complete, pruned") })
        #expect(runs.out.split(separator: "\n").contains { $0.hasPrefix("2 ") && !$0.contains("pruned") })
        let rescore = fixture.run(["rescore", "1", "--policy", "corp@2", "run1.csv"])
        #expect(rescore.code == .dataError)
        #expect(rescore.err.contains("run 1 was pruned on"), "\(rescore.err)")
        let again = fixture.run(["prune", "--before", "2026-01-01"])
        #expect(again.out.contains("nothing pruned"))
    }

    @Test("--dry-run says what would go and changes no byte")
    func dryRun() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        #expect(fixture.run(["query", "SELECT 1"]).code == .success)  // the read-only -wal and -shm exist from here
        let before = try hashes(fixture)
        let result = fixture.run(["prune", "--before", "2026-01-01", "--dry-run"])
        #expect(result.code == .success, "\(result.err)")
        #expect(result.out.hasPrefix("would prune 2 run(s) (1, 3): 6,020 candidates, 12,040 attempts;"))
        #expect(result.out.hasSuffix("nothing changed (--dry-run)\n"))
        #expect(try hashes(fixture) == before)
        #expect(count(fixture, "SELECT count(*) FROM candidate") == "6024")
    }

    @Test("refused while an import holds its lock; nothing is pruned")
    func refusedWhileImporting() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        let database = try Database(path: "\(fixture.directory)/a.db", mode: .readWrite)
        let runs = SQLiteRunRepository(database: database)
        let leased = try runs.start(
            sourceName: "live.csv", sourceBytes: 1, sourceSHA256: String(repeating: "0", count: 64), label: nil,
            versionIDs: [], pwauditVersion: "test")
        let running = leased.run
        let result = fixture.run(["prune", "--before", "2026-01-01"])
        #expect(result.code == .dataError)
        #expect(result.err.contains("run \(running.id) is being imported by process"), "\(result.err)")
        #expect(count(fixture, "SELECT count(*) FROM candidate") == "6024")
        try runs.fail(runID: running.id)
        leased.lease.release()
        #expect(fixture.run(["prune", "--before", "2026-01-01"]).code == .success)
    }

    @Test("a date that is not one is a usage error; --before is required")
    func usage() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        #expect(fixture.run(["prune", "--before", "soon"]).code == .usage)
        #expect(fixture.run(["prune"]).code == .usage)
        #expect(fixture.run(["prune", "--before", "2000-01-01"]).out.contains("nothing pruned"))
    }
}
