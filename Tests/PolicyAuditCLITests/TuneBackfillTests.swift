import AuditRepositories
import Foundation
import PolicyStore
import PwauditTestSupport
import Testing
import WorkspaceTestSupport

@testable import PolicyAudit
@testable import PolicyAuditCLI

/// Issue 24: a run whose tuning cells are missing (completed before schema 13: simulated by deleting them) gets from
/// `init --backfill` the cells the import wrote, for every version the stored features decide (`unicode` mode, NFKC,
/// no length credits; inline and `attempt_row` outcomes, a length maximum, no length rule, strength scores), and is
/// told to rescore for the others; `tune` on such a run names both ways. On a database file and on PostgreSQL.
@Suite("init --backfill writes the tuning cells the stored features decide")
struct TuneBackfillTests {
    /// Six versions: derivable ones in slots 0 and 2 and in `attempt_row` (the fifth and sixth), and an `apple` and a
    /// `normalization: none` version the stored features cannot answer.
    static let policies: [(name: String, json: String, derivable: Bool)] = [
        (
            "plain",
            #"{"name": "plain", "rules": [{"rule": "length", "min": 8}, {"rule": "require", "class": "digit"},"#
                + #" {"rule": "blocklist", "lists": ["builtin:common"]}]}"#, true
        ),
        ("fruit", #"{"name": "fruit", "evaluation": "apple", "rules": [{"rule": "length", "min": 8}]}"#, false),
        (
            "capped",
            #"{"name": "capped", "rules": [{"rule": "length", "min": 6, "max": 20}, {"rule": "classes", "min": 3}]}"#,
            true
        ),
        ("raw", #"{"name": "raw", "normalization": "none", "rules": [{"rule": "length", "min": 8}]}"#, false),
        ("upper", #"{"name": "upper", "rules": [{"rule": "require", "class": "upper"}]}"#, true),
        (
            "fifth",
            #"{"name": "fifth", "rules": [{"rule": "length", "min": 10, "max": 300},"#
                + #" {"rule": "require", "class": "special"}]}"#, true
        ),
    ]

    /// Passwords of every kind the features read differently: ASCII classes, a tab, spaces, fullwidth digits and a
    /// ligature NFKC changes, combining marks, other letters, lengths over a maximum and over 255.
    static let csv: String = {
        let passwords = [
            "abc", "abcdefg1", "password1", "Summer2024!", "correct horse battery staple", "Tr0ub4dor&3", "qwerty",
            "xK9#mQ2$vL7@", "tab\tbed12", "ñandú-2024", "ＡＢＣ１２３ｄｅｆ", "ﬁnancial7", "e\u{301}te\u{301}2024",
            "日本語のパスワード", String(repeating: "a", count: 30) + "1!", String(repeating: "Zz9", count: 100),
        ]
        var text = "id,username,password\n"
        for index in 0..<200 {
            let password = passwords[index % passwords.count] + (index % 4 == 0 ? "" : "\(index % 7)")
            text += "\(index),user\(index),\"\(password)\"\n"
        }
        return text
    }()

    /// Each version's tuning cells on run 1, by name.
    private func cells(_ address: String, key: String) throws -> [String: [RunTuningCellRow]] {
        let location = AuditLocation(
            address: address.hasPrefix("postgres") ? .postgres(uri: address) : .sqliteFile(path: address),
            keyPath: key)
        let workspace = try AuditWorkspace.openReadOnly(location)
        var cells: [String: [RunTuningCellRow]] = [:]
        for policy in Self.policies {
            let version = try #require(try workspace.policies.latest(name: policy.name))
            cells[policy.name] = try workspace.summaries.tuningCells(runID: 1, versionID: version.id)
        }
        return cells
    }

    @Test(
        "cells equal to the import's for the derivable versions, rescore named for the others",
        arguments: CompareSummaryTests.Store.all)
    func backfillWritesTheImportsCells(_ kind: CompareSummaryTests.Store) throws {
        let harness = try CLIHarness()
        defer { harness.cleanUp() }
        let (address, _, keep) = try kind.make(harness.directory)
        let key = harness.directory + "/a.key"
        func run(_ arguments: [String]) throws -> CLIHarness.Result {
            try harness.run(arguments + ["--db", address, "--key-file", key])
        }
        let file = try harness.write("run.csv", Self.csv)
        #expect(try run(["init"]).code == .success)
        for policy in Self.policies {
            #expect(try run(["policy", "add", try harness.write(policy.name + ".json", policy.json)]).code == .success)
        }
        let imported = try run(["import", file, "--strength"] + Self.policies.flatMap { ["--policy", $0.name] })
        try #require(imported.code == .success, "\(imported.err)")
        let atImport = try cells(address, key: key)
        #expect(atImport.values.allSatisfy { !$0.isEmpty })
        #expect(atImport["plain"]!.contains { $0.strengthScore != nil }, "the run stored strength scores")
        #expect(atImport["capped"]!.contains { $0.length == 0 }, "a candidate over the maximum counts as length 0")
        #expect(atImport["upper"]!.contains { $0.length == 255 }, "a candidate over 255 counts as 255")
        #expect(try run(["init"]).out.contains("note") == false)
        let tune = ["tune", "--run", "1", "--vary", "min-length=6..12"]
        let before = try ["plain", "fruit"].map { try run(tune + ["--from", $0, "--format", "json"]).out }

        // A run completed before schema 13: no tuning cells.
        switch address.hasPrefix("postgres") {
        case true:
            let database = try #require(keep as? PostgresTestDatabase)
            try database.cluster.psql("DELETE FROM run_tuning_cell", database: database.name)
        case false:
            try Database(path: address).execute("DELETE FROM run_tuning_cell")
        }
        #expect(try cells(address, key: key).values.allSatisfy(\.isEmpty))
        let derivable = try run(tune + ["--from", "plain"])
        #expect(derivable.code == .dataError)
        #expect(derivable.err.contains("'pwaudit init --backfill' writes it"), "\(derivable.err)")
        #expect(derivable.err.contains("'pwaudit rescore 1 --policy plain@1 FILE'"), "\(derivable.err)")
        let other = try run(tune + ["--from", "fruit"])
        #expect(other.code == .dataError)
        #expect(other.err.contains("'pwaudit init --backfill' cannot write it"), "\(other.err)")
        #expect(other.err.contains("'pwaudit rescore 1 --policy fruit@1 FILE'"), "\(other.err)")
        let offered = try run(["init"])
        #expect(offered.out.contains("note: 1 run (1) imported by an older pwaudit"), "\(offered.out)")
        #expect(offered.out.contains("run 1 (fruit@1, raw@1)"), "\(offered.out)")

        let backfilled = try run(["init", "--backfill"])
        #expect(backfilled.code == .success, "\(backfilled.err)")
        #expect(backfilled.out.contains("backfilled run 1: 0 version comparisons, tuning cells of 4 versions"))
        #expect(backfilled.out.contains("run 1 (fruit@1, raw@1); 'pwaudit rescore RUN"), "\(backfilled.out)")
        let filled = try cells(address, key: key)
        for policy in Self.policies {
            #expect(
                filled[policy.name] == (policy.derivable ? atImport[policy.name] : []),
                "\(policy.name): the backfill counts what the import tallied")
        }
        let tuned = try run(tune + ["--from", "plain", "--format", "json"])
        #expect(tuned.out.withoutGeneratedAt == before[0].withoutGeneratedAt)
        let again = try run(["init", "--backfill"])
        #expect(again.out.contains("backfill: 0 runs completed"), "\(again.out)")
        #expect(again.out.contains("run 1 (fruit@1, raw@1)"), "the rescore is still to do")

        // The rescore the note names writes the others' cells.
        for name in ["fruit", "raw"] {
            let rescored = try run(["rescore", "1", "--policy", "\(name)@1", file])
            #expect(rescored.code == .success, "\(rescored.err)")
        }
        #expect(try cells(address, key: key) == atImport)
        let rescoredTune = try run(tune + ["--from", "fruit", "--format", "json"])
        #expect(rescoredTune.out.withoutGeneratedAt == before[1].withoutGeneratedAt)
        #expect(try run(["init"]).out.contains("note") == false)
        withExtendedLifetime(keep) {}
    }
}

extension String {
    /// The text without its lines naming when it was generated.
    fileprivate var withoutGeneratedAt: [Substring] { split(separator: "\n").filter { !$0.contains("generated_at") } }
}
