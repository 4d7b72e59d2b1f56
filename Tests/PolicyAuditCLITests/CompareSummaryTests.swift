import AuditRepositories
import Foundation
import PolicyStore
import PwauditTestSupport
import Testing
import WorkspaceTestSupport

@testable import PolicyAudit
@testable import PolicyAuditCLI

/// `compare` reads the comparison counts a run stores when it completes (and when a rescore adds a version); a run
/// without them (imported by an older pwaudit: simulated by deleting them) is counted from its candidates with a note
/// naming `init --backfill`, which stores them. On a database file and on a PostgreSQL database.
@Suite("compare reads stored summaries; init --backfill fills older runs")
struct CompareSummaryTests {
    /// One store under test: where it is, and how to make its run 1 look imported before the summaries.
    struct Store: CustomTestStringConvertible, Sendable {
        let name: String
        let make:
            @Sendable (String) throws -> (address: String, forget: @Sendable (Int64) throws -> Void, keep: AnyObject?)
        var testDescription: String { name }

        static let sqlite = Store(name: "SQLite") { directory in
            let path = directory + "/a.db"
            return (
                path,
                { runID in
                    let database = try Database(path: path)
                    for table in ["run_comparison_blocked_summary", "run_comparison_summary"] {
                        try database.execute("DELETE FROM \(table) WHERE run_id = ?1", [.integer(runID)])
                    }
                }, nil
            )
        }

        static let postgres = Store(name: "PostgreSQL") { _ in
            let database = try PostgresTestCluster.shared().createDatabase()
            return (
                database.uri,
                { runID in
                    try database.cluster.psql(
                        """
                        DELETE FROM run_comparison_blocked_summary WHERE run_id = \(runID);
                        DELETE FROM run_comparison_summary WHERE run_id = \(runID);
                        """, database: database.name)
                }, database
            )
        }

        static let all = [sqlite] + (PostgresTestCluster.isEnabled ? [postgres] : [])
    }

    private static let alt = #"{"name": "alt", "rules": [{"rule": "length", "min": 12}]}"#
    private static let late = #"{"name": "late", "rules": [{"rule": "require", "class": "upper"}]}"#

    /// Each ordered pair's stored counts, by version reference.
    private func stored(_ address: String, key: String, pairs: [(String, String)]) throws -> [UnlockTransitionCounts?] {
        let location = AuditLocation(
            address: address.hasPrefix("postgres") ? .postgres(uri: address) : .sqliteFile(path: address),
            keyPath: key)
        let workspace = try AuditWorkspace.openReadOnly(location)
        let library = PolicyLibrary(workspace: workspace)
        func id(_ text: String) throws -> Int64 { try library.version(#require(PolicyReference(parsing: text))).id }
        return try pairs.map { a, b in
            try workspace.runs.storedUnlockTransitions(runID: 1, versionA: id(a), versionB: id(b))
        }
    }

    /// A report's output without its generation time: JSON re-serialized with sorted keys, text without the line
    /// (or CSV row) naming it.
    private func withoutTime(_ text: String, format: String) throws -> String {
        guard format == "json" else {
            return text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.contains("Generated") && !$0.contains("generated_at") }.joined(separator: "\n")
        }
        var object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
        object["generated_at"] = nil
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: .sortedKeys), as: UTF8.self)
    }

    @Test("import stores every pair's counts, equal to those counted from the candidates", arguments: Store.all)
    func importStoresComparisons(_ kind: Store) throws {
        let harness = try CLIHarness()
        defer { harness.cleanUp() }
        let (address, forget, keep) = try kind.make(harness.directory)
        let key = harness.directory + "/a.key"
        func run(_ arguments: [String]) throws -> CLIHarness.Result {
            try harness.run(arguments + ["--db", address, "--key-file", key])
        }
        for (name, text) in [
            ("corp1.json", ReportCLIFixture.corp1), ("corp2.json", ReportCLIFixture.corp2), ("alt.json", Self.alt),
            ("late.json", Self.late), ("run1.csv", ReportCLIFixture.run1),
        ] {
            try harness.write(name, text)
        }
        #expect(try run(["init"]).code == .success)
        for file in ["corp1.json", "corp2.json", "alt.json", "late.json"] {
            #expect(try run(["policy", "add", file]).code == .success)
        }
        let imported = try run(["import", "run1.csv", "--policy", "corp@1", "--policy", "corp@2", "--policy", "alt"])
        #expect(imported.code == .dataError, "\(imported.err)")  // two rejected rows; the run completes
        let versions = ["corp@1", "corp@2", "alt@1"]
        let pairs = versions.flatMap { a in versions.filter { $0 != a }.map { (a, $0) } }
        let atImport = try stored(address, key: key, pairs: pairs)
        #expect(atImport.allSatisfy { $0 != nil }, "every ordered pair is stored at import")
        // The fixture's hand count (ReportCLIFixture): corp@1 → corp@2 both 4, only corp@1 8, neither 8.
        let corp = try #require(atImport[0])
        let corpCells: [Int] = [
            corp[unlockedUnderA: true, unlockedUnderB: true], corp[unlockedUnderA: true, unlockedUnderB: false],
        ]
        #expect(corpCells == [4, 8])
        let formats = ["json", "table", "csv", "markdown"]
        func compareAll() throws -> (outs: [String], errs: [String]) {
            var outs: [String] = []
            var errs: [String] = []
            for (a, b) in pairs {
                for format in formats {
                    let result = try run(["compare", a, b, "--run", "1", "--format", format])
                    #expect(result.code == .success, "\(result.err)")
                    outs.append(try withoutTime(result.out, format: format))
                    errs.append(result.err)
                }
            }
            return (outs, errs)
        }
        let fromSummary = try compareAll()
        #expect(fromSummary.errs.allSatisfy { $0.isEmpty }, "\(fromSummary.errs)")
        #expect(try run(["init"]).out.contains("backfill") == false)

        // An older run: no stored comparisons. compare counts the candidates, says how to backfill, prints the same.
        try forget(1)
        #expect(try stored(address, key: key, pairs: pairs).allSatisfy { $0 == nil })
        let counted = try compareAll()
        #expect(counted.outs == fromSummary.outs)
        #expect(
            counted.errs.allSatisfy {
                $0.hasPrefix("note: run 1 was imported before") && $0.contains("init --backfill")
            },
            "\(counted.errs.first ?? "")")
        let offered = try run(["init"])
        #expect(offered.code == .success)
        #expect(offered.out.contains("note: 1 run (1) imported by an older pwaudit"), "\(offered.out)")
        #expect(offered.out.contains("'pwaudit init --backfill'"))
        let backfilled = try run(["init", "--backfill"])
        #expect(backfilled.code == .success, "\(backfilled.err)")
        #expect(backfilled.out.contains("backfilled run 1: 6 version comparisons"), "\(backfilled.out)")
        #expect(try stored(address, key: key, pairs: pairs) == atImport, "the backfill counts what the import tallied")
        let refilled = try compareAll()
        #expect(refilled.outs == fromSummary.outs && refilled.errs.allSatisfy { $0.isEmpty })
        #expect(try run(["init", "--backfill"]).out.contains("backfill: 0 runs completed"))

        // A rescore stores the new version's pairs, and those the run lacked.
        try forget(1)
        let rescored = try run(["rescore", "1", "--policy", "late", "run1.csv"])
        #expect(rescored.code == .success, "\(rescored.err)")
        let all = versions + ["late@1"]
        let allPairs = all.flatMap { a in all.filter { $0 != a }.map { (a, $0) } }
        let afterRescore = try stored(address, key: key, pairs: allPairs)
        #expect(afterRescore.allSatisfy { $0 != nil }, "every pair, the late version's too, is stored by rescore")
        #expect(try stored(address, key: key, pairs: pairs) == atImport)
        let late = try run(["compare", "corp@2", "late", "--run", "1", "--format", "json"])
        #expect(late.code == .success && late.err.isEmpty, "\(late.err)")
        withExtendedLifetime(keep) {}
    }
}
