import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// The same commands against a database file and a PostgreSQL database, with the same inputs and the same key, give
/// the same exit codes, the same stderr and byte for byte the same output (every `--format json` report, the
/// `--rejects` file, `runs`, prune's and delete's lines) once only what must differ is made the same: times of now,
/// the database's address and name (`BothStoresStore.normalised`). `init` is the one command whose output differs by
/// design: on PostgreSQL it also says what it did about the roles (`InitCommandRolesTests`).
@Suite(
    "both stores: one script, the same outputs",
    .enabled(if: PostgresTestCluster.isEnabled, PostgresTestCluster.skipReason))
struct BothStoresEndToEndTests {
    @Test(
        "init, policy add, import (--strict, --rejects, --accounts), rescore, check --record, report, compare, history (--in-force), compliance, query, runs delete, prune"
    )
    func scriptGivesTheSameOutputsOnBothStores() throws {
        let sqlite = try BothStoresStore.sqlite()
        let postgres = try BothStoresStore.postgres()
        var outcomes: [(step: BothStoresScript.Step, outcome: BothStoresStore.Outcome)] = []
        for (index, step) in BothStoresScript.steps.enumerated() {
            let onFile = try sqlite.run(step)
            var onServer = try postgres.run(step)
            if step.arguments == ["init"] {
                // The same key for both: a store with no candidates yet takes a key file replaced after init.
                let key = try Data(contentsOf: URL(fileURLWithPath: sqlite.harness.directory + "/a.key"))
                try key.write(to: URL(fileURLWithPath: postgres.harness.directory + "/a.key"))
                let lines = onServer.out.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(lines.count > 3 && lines[2].hasPrefix("Created the roles"), "\(onServer.out)")
                onServer = BothStoresStore.Outcome(
                    code: onServer.code, out: lines.prefix(2).joined(separator: "\n") + "\n", err: onServer.err,
                    written: onServer.written)
            }
            #expect(onFile == onServer, "step \(index + 1), \(step):\n== sqlite\n\(onFile)\n== postgresql\n\(onServer)")
            outcomes.append((step, onFile))
        }
        try checkOutcomes(outcomes)
    }

    /// What the script's outcomes must say, whichever store: so that two stores failing alike do not pass.
    private func checkOutcomes(_ all: [(step: BothStoresScript.Step, outcome: BothStoresStore.Outcome)]) throws {
        func outcomes(_ arguments: [String]) -> [BothStoresStore.Outcome] {
            all.filter { $0.step.arguments == arguments }.map(\.outcome)
        }
        func json(_ outcome: BothStoresStore.Outcome) throws -> [String: Any] {
            try #require(JSONSerialization.jsonObject(with: Data(outcome.out.utf8)) as? [String: Any], "\(outcome)")
        }
        for (step, outcome) in all where step.arguments.contains("json") && outcome.code == 0 {
            _ = try json(outcome)
        }
        // The strict import fails and stores nothing: the runs listed after it are none (the header alone).
        let strict = try #require(outcomes(BothStoresScript.steps[3].arguments).first)
        #expect(strict.code == 65, "\(strict)")
        let runs = outcomes(["runs"]).map(\.out)
        #expect(runs.count == 4)
        #expect(runs.first?.split(separator: "\n").count == 1, "\(runs)")
        let rejects = try #require(outcomes(BothStoresScript.steps[5].arguments).first)
        #expect(rejects.code == 65, "\(rejects)")
        let rejected = BothStoresStore.csvLines(rejects.written ?? "")
        #expect(rejected.count == 3 && rejected[1].hasPrefix("14,") && rejected[2].hasPrefix("19,"), "\(rejected)")
        let record = try #require(all.first { $0.step.typed != nil }?.outcome)
        #expect(record.code == 0, "\(record)")
        #expect(record.err.contains("recorded as run 5 (source 'interactive')"), "\(record)")
        for (step, outcome) in all where step.arguments.first == "query" {
            #expect((try json(outcome)["rows"] as? [Any])?.isEmpty == false, "\(step): \(outcome)")
        }
        // Run 3 holds the ties the script is for: corp@1's two rules fail as often, so do corp@2's length and special.
        let run3 = try json(try #require(outcomes(BothStoresScript.reports[1]).first))
        let versions = try #require(run3["versions"] as? [[String: Any]])
        let failures = versions.map {
            ($0["rule_failures"] as? [[String: Any]] ?? []).compactMap { $0["count"] as? Int }
        }
        #expect(failures == [[2, 2], [4, 4, 2]], "\(failures)")
        let before = outcomes(BothStoresScript.reports[0])
        #expect(before.count == 2)
        #expect(outcomes(["prune", "--before", "2100-01-01"]).first?.out.contains("pruned") == true)
        #expect(runs.last?.contains("pruned") == true, "\(runs)")
        try checkListings(all, json: json)
    }

    /// The listings' JSON (issue 25, item 3): documented keys, the values the text forms show, no password.
    private func checkListings(
        _ all: [(step: BothStoresScript.Step, outcome: BothStoresStore.Outcome)],
        json: (BothStoresStore.Outcome) throws -> [String: Any]
    ) throws {
        let steps = BothStoresScript.listingSteps
        func outcome(_ index: Int) throws -> [String: Any] {
            // The listing steps end the script.
            let found = all[all.count - steps.count + index].outcome
            #expect(found.code == 0, "\(found)")
            return try json(found)
        }
        let runs = try #require(try outcome(0)["runs"] as? [[String: Any]])
        #expect(runs.map { $0["id"] as? Int } == [5, 3, 2], "\(runs)")
        #expect(
            runs.last?["versions"] as? [String] == ["corp@1", "corp@2"] && runs.last?["label"] as? String == "first")
        #expect(runs.first?["pruned_at"] is String && runs.first?["rows_read"] as? Int == 1)
        let versions = try #require(try outcome(1)["versions"] as? [[String: Any]])
        #expect(versions.map { $0["reference"] as? String } == ["corp@2", "corp@1"] || versions.count == 2)
        #expect(versions.allSatisfy { $0["rule_count"] is Int && $0["definition_sha256"] is String })
        let shown = try #require(try outcome(2)["version"] as? [String: Any])
        #expect(shown["reference"] as? String == "corp@2" && (shown["definition"] as? [String: Any])?["rules"] != nil)
        let diff = try outcome(3)
        #expect((diff["from"] as? [String: Any])?["reference"] as? String == "corp@1")
        #expect((diff["changes"] as? [[String: Any]])?.isEmpty == false, "\(diff)")
        let imported = try outcome(4)
        #expect(imported["kind"] as? String == "import" && imported["outcome"] as? String == "imported")
        #expect(imported["run_id"] as? Int == 6 && (imported["rows"] as? [String: Any])?["read"] is Int)
        #expect(try outcome(5)["outcome"] as? String == "rescored")
        #expect(try outcome(6)["outcome"] as? String == "already-scored")
        let query = try outcome(7)
        let rows = try #require(query["rows"] as? [[Any]], "\(query)")
        #expect(rows.count == 3 && rows.allSatisfy { $0.count == 3 }, "\(rows)")
        #expect(rows.first?[1] as? String == ":not_a_parameter" && rows.first?[2] as? String == "it's :a value")
    }
}
