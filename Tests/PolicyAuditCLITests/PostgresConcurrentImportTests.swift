import Foundation
import PwauditTestSupport
import Testing

/// Two `pwaudit import` processes of different files at once into one PostgreSQL database (issue 22, item 3): both
/// complete, each run's report is the report of the same file imported alone (one after the other, into a second
/// database), and `report`, `history` and `compliance` run during them succeed and see only complete runs.
@Suite(
    "two imports at once into one PostgreSQL database",
    .enabled(if: PostgresTrustFixture.isEnabled, PostgresTrustFixture.skipReason))
struct PostgresConcurrentImportTests {
    /// Rows per file: more than one of the writer's transactions (50,000 rows), so the two imports' commits interleave.
    static let rows = 55_000

    @Test("both complete with the sequential import's counts; reports during them succeed", .timeLimit(.minutes(20)))
    func twoImportsAtOnce() throws {
        let shared = try PostgresTrustFixture()
        let alone = try PostgresTrustFixture()
        let base = try shared.directory.write("base.csv", KillTestTests.corpus(rows: 500, salt: "base"))
        let files = try ["a", "b"].map { name in
            try shared.directory.write("\(name).csv", KillTestTests.corpus(rows: Self.rows, salt: name))
        }
        // A complete run before they start, so that a report during them has one to show.
        for fixture in [shared, alone] { try fixture.expectSuccess(["import", base]) }

        let imports = try files.map { try shared.start(["import", $0]) }
        var readers: [(command: String, outcome: PostgresTrustFixture.Outcome)] = []
        var bothRunning = false
        var reportedCandidates: [Int: Set<Int>] = [:]
        repeat {
            if try shared.integer("SELECT count(*) FROM import_run WHERE status = 'running'") == 2 {
                bothRunning = true
            }
            for command in [
                ["report", "--format", "json"], ["history", "--policy", "nist", "--format", "json"], ["compliance"],
            ] {
                let outcome = try shared.run(command)
                readers.append((command.joined(separator: " "), outcome))
                if command[0] == "report", outcome.status == 0,
                    let report = try? PostgresTrustFixture.json(outcome.out),
                    let id = PostgresTrustFixture.runID(report),
                    let candidates = PostgresTrustFixture.candidates(report)
                {
                    reportedCandidates[id, default: []].insert(candidates)
                }
            }
        } while imports.contains(where: \.isRunning)
        let endings = imports.map { $0.finish() }
        for (file, ending) in zip(files, endings) {
            #expect(ending.status == 0, "import \(file): \(ending.err)")
        }
        #expect(bothRunning, "the two imports never ran at the same time; the test proved nothing")
        #expect(readers.count >= 3)
        for reader in readers {
            // compliance exits 1 when a policy falls short of a standard: a finding, not a failure.
            let succeeded = reader.outcome.status == 0 || (reader.command == "compliance" && reader.outcome.status == 1)
            #expect(succeeded, "\(reader.command) during the imports: \(reader.outcome.status) \(reader.outcome.err)")
        }

        // The same files one after the other into the second database.
        for file in files { try alone.expectSuccess(["import", file]) }
        for file in files {
            let name = (file as NSString).lastPathComponent
            let together = try Self.report(of: name, in: shared)
            let separately = try Self.report(of: name, in: alone)
            #expect(PostgresTrustFixture.candidates(together) == Self.rows)
            #expect(Self.counts(together) == Self.counts(separately), "\(name): imported together vs alone")
        }
        #expect(
            try shared.rows("SELECT status, rows_accepted FROM import_run ORDER BY id")
                == alone.rows("SELECT status, rows_accepted FROM import_run ORDER BY id"))

        // A report during the imports showed a complete run, and with the figures it ends with.
        for (id, seen) in reportedCandidates {
            #expect(try shared.rows("SELECT status FROM import_run WHERE id = \(id)") == ["complete"])
            let final = try PostgresTrustFixture.json(
                try shared.expectSuccess(["report", "--run", "\(id)", "--format", "json"]).out)
            #expect(
                seen == [PostgresTrustFixture.candidates(final) ?? -1],
                "run \(id) was reported with other counts during the import")
        }
        // History during the imports listed complete runs only, each with the candidates it ends with.
        for reader in readers where reader.command.hasPrefix("history") && reader.outcome.status == 0 {
            for (run, total) in Self.historyRuns(try PostgresTrustFixture.json(reader.outcome.out)) {
                #expect(try shared.rows("SELECT status FROM import_run WHERE id = \(run)") == ["complete"])
                #expect(
                    try shared.integer("SELECT rows_accepted FROM import_run WHERE id = \(run)") == total,
                    "history showed run \(run) with \(total) candidates during the imports")
            }
        }
    }

    // MARK: Reading the reports

    /// The JSON report of the run that imported `source`.
    static func report(of source: String, in fixture: PostgresTrustFixture) throws -> [String: Any] {
        let id = try fixture.integer("SELECT id FROM import_run WHERE source_name LIKE '%\(source)'")
        return try PostgresTrustFixture.json(
            try fixture.expectSuccess(["report", "--run", "\(id)", "--format", "json"]).out)
    }

    /// Everything in the report but what names the run (its id, source, times): canonical JSON text.
    static func counts(_ report: [String: Any]) -> String {
        var stripped = report
        if var run = report["run"] as? [String: Any] {
            for key in ["id", "started_at", "finished_at"] {
                run[key] = nil
            }
            stripped["run"] = run
        }
        stripped["generated_at"] = nil
        let data = (try? JSONSerialization.data(withJSONObject: stripped, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// The runs a JSON history by run shows, each with its total of candidates.
    static func historyRuns(_ history: [String: Any]) -> [(run: Int, total: Int)] {
        ((history["buckets"] as? [[String: Any]]) ?? []).compactMap { bucket in
            guard let run = (bucket["run_id"] as? NSNumber)?.intValue,
                let total = (bucket["total"] as? NSNumber)?.intValue
            else { return nil }
            return (run, total)
        }
    }
}
