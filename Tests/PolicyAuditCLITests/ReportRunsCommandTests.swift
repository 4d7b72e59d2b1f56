import Foundation
import PolicyStore
import Testing

@testable import PolicyAuditCLI

/// `pwaudit report --runs` / `--label`: run 1 of ReportCLIFixture imported again in two pieces (runs 3 and 4, label
/// `split`), split inside the group of three `abcdefg1` so that reuse crosses the runs.
@Suite("pwaudit report --runs and --label")
struct ReportRunsCommandTests {
    /// Run 1's rows in two files with the header each: c01–c04, then c05–c20 with both rejected rows.
    static let pieces: [String] = {
        let lines = ReportCLIFixture.run1.split(separator: "\n").map(String.init)
        let (header, rows) = (lines[0], Array(lines.dropFirst()))
        let cut = rows.firstIndex { $0.hasPrefix("c05,") }!
        return [rows[..<cut], rows[cut...]].map { ([header] + $0).joined(separator: "\n") + "\n" }
    }()

    /// The fixture plus the two pieces imported under corp@1 and corp@2 with label `split` (runs 3 and 4).
    private func fixture() throws -> ReportCLIFixture {
        let fixture = try ReportCLIFixture()
        for (index, text) in Self.pieces.enumerated() {
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(fixture.directory)/piece\(index).csv"))
            let result = fixture.run([
                "import", "piece\(index).csv", "--policy", "corp@1", "--policy", "corp@2", "--label", "split",
            ])
            #expect([.success, .dataError].contains(result.code), "\(result.err)")
        }
        return fixture
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `object[key]` as canonical JSON text, to compare nested figures whole.
    private func text(_ value: Any?) throws -> String {
        guard let value, !(value is NSNull) else { return "null" }
        let data = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }

    @Test("the pieces added up equal one import of the whole file in every figure that adds; reuse is per run")
    func aggregateEqualsOneImport() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        let whole = try json(fixture.run(["report", "--run", "1", "--format", "json"]).out)
        let labelled = fixture.run(["report", "--label", "split", "--format", "json"])
        #expect(labelled.code == .success, "\(labelled.err)")
        let aggregate = try json(labelled.out)

        // Rows: read, accepted, rejected, by reason, undated: sums over the pieces, equal to the whole file's.
        #expect(try text(aggregate["rows"]) == text(whole["rows"]))
        // Per version: totals, unlocked, rule failures, near misses, pairs, breaches.
        let versions = try #require(aggregate["versions"] as? [[String: Any]])
        let wholeVersions = try #require(whole["versions"] as? [[String: Any]])
        try #require(versions.count == wholeVersions.count && versions.count == 2)
        for (version, expected) in zip(versions, wholeVersions) {
            for key in ["policy", "total", "unlocked", "rule_failures", "near_misses", "top_failing_pairs", "breached"]
            {
                #expect(try text(version[key]) == text(expected[key]), "\(key)")
            }
            #expect(version["scored_by_runs"] as? [Int] == [3, 4])
            #expect(expected["scored_by_runs"] == nil, "one run's report has no scored_by_runs")
        }
        // Features that add: candidates, lengths, class composition.
        let features = try #require(aggregate["features"] as? [String: Any])
        let wholeFeatures = try #require(whole["features"] as? [String: Any])
        for key in ["candidates", "length_histogram", "class_composition"] {
            #expect(try text(features[key]) == text(wholeFeatures[key]), "\(key)")
        }

        // Reuse does not add: none across the runs, each run's own as its report has it.
        #expect(features["reuse"] is NSNull)
        #expect(aggregate["run"] is NSNull)
        let runs = try #require(aggregate["runs"] as? [[String: Any]])
        #expect(runs.map { $0["id"] as? Int } == [3, 4])
        #expect(runs.map { $0["label"] as? String } == ["split", "split"])
        var summed = 0
        for run in runs {
            let id = try #require(run["id"] as? Int)
            let own = try json(fixture.run(["report", "--run", "\(id)", "--format", "json"]).out)
            let ownFeatures = try #require(own["features"] as? [String: Any])
            #expect(try text(run["reuse"]) == text(ownFeatures["reuse"]), "run \(id)")
            #expect(run["candidates"] as? Int == ownFeatures["candidates"] as? Int)
            summed +=
                ((run["reuse"] as? [String: Any])?["candidates_in_groups"] as? [String: Any])?["count"] as? Int ?? 0
        }
        // Why: the whole file has 5 candidates in reuse groups (abcdefg1 ×3, abcdefghi12 ×2); summing the runs' own
        // groups would say 4.
        let wholeReuse = try #require(wholeFeatures["reuse"] as? [String: Any])
        #expect((wholeReuse["candidates_in_groups"] as? [String: Any])?["count"] as? Int == 5)
        #expect(summed == 4)

        // --runs names the same runs: the same report.
        let listed = try json(fixture.run(["report", "--runs", "4,3", "--format", "json"]).out)
        for key in ["run", "runs", "rows", "versions", "features"] {
            #expect(try text(listed[key]) == text(aggregate[key]), "\(key)")
        }
    }

    @Test(
        "every format names the runs, marks reuse per run, and shows no password",
        arguments: [
            "table", "csv", "markdown", "html",
        ])
    func everyFormat(_ format: String) throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        let result = fixture.run(["report", "--label", "split", "--format", format])
        #expect(result.code == .success, "\(result.err)")
        #expect(!result.out.contains(ReportCLIFixture.canary))
        if format == "csv" {
            let records = ReportCLIFixture.csvRecords(result.out)
            #expect(Set(records.filter { $0["section"] == "run" }.map { $0["item"] }) == ["3", "4"])
            #expect(records.filter { $0["section"] == "reuse" }.isEmpty)
            let ownReuse = records.filter { $0["section"] == "run_reuse" && $0["item_b"] == "candidates_in_groups" }
            #expect(ownReuse.map { $0["count"] } == ["2", "2"])
            #expect(records.contains { $0["item"] == "scored_by_runs" && $0["value"] == "3 4" })
        } else {
            #expect(result.out.contains("runs 3, 4 (split)"))
            #expect(result.out.contains("Reuse per run"))
        }
    }

    @Test("a version scored by only some of the runs counts their candidates and says so")
    func partlyScoredVersion() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        // Run 1 scored corp@1 and corp@2 (20 candidates), run 2 corp@1 only (4).
        let report = try json(fixture.run(["report", "--runs", "1,2", "--format", "json"]).out)
        let versions = try #require(report["versions"] as? [[String: Any]])
        #expect(versions.map { $0["total"] as? Int } == [24, 20])
        #expect(versions.map { $0["scored_by_runs"] as? [Int] } == [[1, 2], [1]])
        #expect((report["features"] as? [String: Any])?["candidates"] as? Int == 24)
        let table = fixture.run(["report", "--runs", "1,2"])
        #expect(
            table.out.contains("Note: scored by run 1 only, not by run 2: its figures are of 20 of the 24 candidates"))
        let refused = fixture.run(["report", "--runs", "2", "--policy", "corp@2"])
        #expect(refused.code == .dataError)
        #expect(refused.err.contains("run 2 did not score corp@2"), "\(refused.err)")
    }

    @Test("unknown, incomplete, unlabelled and mixed selections are refused as usage errors")
    func refusals() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        let database = try Database(path: "\(fixture.directory)/a.db", mode: .readWrite)
        let runs = SQLiteRunRepository(database: database)
        let leased = try runs.start(
            sourceName: "broken.csv", sourceBytes: 1, sourceSHA256: String(repeating: "0", count: 64), label: "split",
            versionIDs: [], pwauditVersion: "test")
        let failed = leased.run
        try runs.fail(runID: failed.id)
        leased.lease.release()
        let cases: [([String], String)] = [
            (["--runs", "3,99,98"], "no import run 98, 99; --runs adds up existing complete runs"),
            (["--runs", "3,\(failed.id)"], "run \(failed.id) is failed; --runs adds up complete runs only"),
            (["--label", "nope"], "no complete run has the label 'nope'"),
            (["--runs", "3,x"], "option '--runs' must be run ids separated by commas, not '3,x'"),
            (["--runs", "3,4", "--run", "3"], "options '--run' and '--runs' cannot be combined"),
            (["--runs", "3", "--label", "split"], "options '--runs' and '--label' cannot be combined"),
        ]
        for (arguments, message) in cases {
            let result = fixture.run(["report"] + arguments)
            #expect(result.code == .usage, "\(arguments)")
            #expect(result.err.contains(message), "\(arguments): \(result.err)")
        }
        // The failed run carries the label too: --label adds up the complete ones only.
        let labelled = try json(fixture.run(["report", "--label", "split", "--format", "json"]).out)
        #expect((labelled["runs"] as? [[String: Any]])?.map { $0["id"] as? Int } == [3, 4])
    }
}
