import Foundation
import PwauditTestSupport
import Testing

/// `KillTestTests` on PostgreSQL: a real `pwaudit import` SIGKILLed at three moments (twice inside its first
/// transaction, once after a commit with the next transaction open) leaves no complete partial run and no
/// orphan row; the server ends the killed client's backend and so releases its run lease (an advisory lock) within
/// seconds; `runs` lists the run stale, reports skip it, `runs delete` removes it as stale, and the next import
/// succeeds. `bench/kill.sh --postgres` does the same at random moments, 20 or more times.
@Suite(
    "pwaudit import killed mid-run on PostgreSQL",
    .enabled(if: PostgresTrustFixture.isEnabled, PostgresTrustFixture.skipReason))
struct PostgresKillTests {
    /// The rows the PostgreSQL writer commits at a time (`PostgresAttemptWriter`'s transaction size, SQLite's too).
    static let rowsPerTransaction = 50_000
    /// The rows the importer hands its writer at a time (`CSVImport.batchSize`).
    static let chunk = 4_096

    /// Where a kill lands: the committed candidates to wait for, then the rows fed beyond them before the kill.
    struct Moment: CustomStringConvertible, Sendable {
        let committedTransactions: Int
        let rowsBeyond: Int
        var description: String {
            "after \(committedTransactions) commit(s) and \(rowsBeyond) more rows"
        }
    }

    @Test(
        "SIGKILL mid-import: no complete partial run, no orphans, lease released, stale, deletable; next import works",
        .timeLimit(.minutes(20)))
    func killMidImport() throws {
        let fixture = try PostgresTrustFixture()
        let moments = [
            Moment(committedTransactions: 0, rowsBeyond: 2 * Self.chunk),
            Moment(committedTransactions: 0, rowsBeyond: 8 * Self.chunk),
            Moment(committedTransactions: 1, rowsBeyond: 3 * Self.chunk),
        ]
        var runs: [Int] = []
        for (round, moment) in moments.enumerated() {
            let run = try killImport(fixture, at: moment, name: "big-\(round).csv", after: runs.max() ?? 0)
            runs.append(run)
            try expectNoPartialRunAndNoOrphans(fixture, "\(moment)")

            let listed = try fixture.run(["runs"])
            #expect(listed.status == 0, "\(listed.err)")
            let row = listed.out.split(separator: "\n").first { $0.hasPrefix("\(run) ") }
            #expect(row?.contains("stale") == true && row?.contains("big-\(round).csv") == true, "\(listed.out)")
            let report = try fixture.run(["report", "--run", "\(run)"])
            #expect(report.status == 65 && report.err.contains("\(run)"), "\(moment): \(report.status) \(report.err)")
        }
        // The next import succeeds beside the stale runs and is the latest complete one.
        let small = try fixture.directory.write("small.csv", KillTestTests.corpus(rows: 2_000, salt: "s"))
        let fresh = try fixture.run(["import", small])
        #expect(fresh.status == 0, "\(fresh.err)")
        let latest = try PostgresTrustFixture.json(
            try fixture.expectSuccess(["report", "--format", "json"]).out)
        #expect(PostgresTrustFixture.candidates(latest) == 2_000)
        #expect(PostgresTrustFixture.runID(latest) == (runs.max() ?? 0) + 1)

        for run in runs {
            let deleted = try fixture.run(["runs", "delete", "\(run)"])
            #expect(deleted.status == 0 && deleted.out.contains("stale"), "\(deleted.out) \(deleted.err)")
        }
        #expect(try fixture.rows("SELECT status FROM import_run") == ["complete"])
        #expect(try fixture.integer("SELECT count(*) FROM candidate") == 2_000)
        #expect(try fixture.integer("SELECT count(*) FROM attempt") == 6_000)
        try expectNoPartialRunAndNoOrphans(fixture, "after the deletes")
    }

    /// Starts an import of a FIFO, feeds it up to `moment`, SIGKILLs it, and checks what the server holds of it:
    /// the run (the first above `after`) is `running` with the committed rows, and no backend or lock of the client is
    /// left. Returns the run id.
    private func killImport(
        _ fixture: PostgresTrustFixture, at moment: Moment, name: String, after: Int
    ) throws -> Int {
        // The import reads a FIFO the test writes: it cannot reach the end of its input, so it is killed at a known
        // point, not raced.
        let feed = try FIFOFeed(path: fixture.directory.path(name))
        let running = try fixture.start(["import", feed.path])
        let pid = running.child.pid
        let alive = { running.isRunning }
        try feed.open(readerAlive: alive)
        try feed.write(KillTestTests.corpusHeader)
        let run = try #require(
            waitForValue { try? fixture.rows("SELECT max(id) FROM import_run WHERE id > \(after)").first }
                .flatMap(Int.init), "no running run appeared: \(running.finish(seconds: 1).err)")
        let target = moment.committedTransactions * Self.rowsPerTransaction
        var written = 0
        func committed() throws -> Int {
            try fixture.integer("SELECT count(*) FROM candidate WHERE run_id = \(run)")
        }
        while written < target + Self.chunk {
            try feed.write(KillTestTests.corpusRows(written..<(written + Self.chunk), salt: name))
            written += Self.chunk
        }
        if target > 0 {
            // Rows pass a reader, scoring workers and the writer, each holding a batch: feed a chunk at a time until
            // the commit shows (as KillTestTests does), then wait for it.
            func reached() -> Bool { ((try? committed()) ?? 0) >= target }
            while !reached() && alive() && written < target + 12 * Self.chunk {
                _ = waitUntil(seconds: 5) { reached() || !alive() }
                if !reached() {
                    try feed.write(KillTestTests.corpusRows(written..<(written + Self.chunk), salt: name))
                    written += Self.chunk
                }
            }
            _ = waitUntil(seconds: 120) { reached() || !alive() }
            try #require(
                reached() && alive(), "the import did not commit \(target) rows: \(running.finish(seconds: 1).err)")
        }
        for _ in 0..<(moment.rowsBeyond / Self.chunk) {
            try feed.write(KillTestTests.corpusRows(written..<(written + Self.chunk), salt: name))
            written += Self.chunk
        }
        usleep(300_000)  // let it take in what was fed
        try #require(alive(), "the import ended before it could be killed: \(running.finish(seconds: 1).err)")
        let before = try committed()
        kill(pid, SIGKILL)
        let ending = running.finish(seconds: 60)
        feed.finish()
        #expect(ending.ending == .signaled(SIGKILL))

        // The server notices the closed socket and ends the backend, releasing the session's advisory lock.
        let released = waitUntil(seconds: 10) {
            (try? fixture.integer(
                """
                SELECT (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()
                        AND application_name = 'pwaudit')
                     + (SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'
                        AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))
                """)) == 0
        }
        #expect(released, "a backend or an advisory lock of the killed import was left after 10 s")
        #expect(try fixture.rows("SELECT status FROM import_run WHERE id = \(run)") == ["running"])
        let kept = try committed()
        #expect(kept >= before && kept >= target && kept < written, "\(moment): \(kept) of \(written) rows kept")
        #expect(try fixture.integer("SELECT count(*) FROM run_version_summary WHERE run_id = \(run)") == 0)
        return run
    }

    /// No complete run has fewer candidates than it counted, and no row lacks its run or candidate.
    private func expectNoPartialRunAndNoOrphans(_ fixture: PostgresTrustFixture, _ when: String) throws {
        let partial = try fixture.integer(
            """
            SELECT count(*) FROM import_run r WHERE r.status = 'complete' AND r.rows_accepted <> (SELECT count(*)
                FROM candidate c WHERE c.id BETWEEN r.id << 32 AND (r.id << 32) + 4294967295)
            """)
        #expect(partial == 0, "\(when): a complete run lacks candidates")
        let orphans = try fixture.integer(
            """
            SELECT (SELECT count(*) FROM candidate c WHERE NOT EXISTS (SELECT 1 FROM import_run r WHERE r.id = c.run_id))
                + (SELECT count(*) FROM attempt_row a WHERE NOT EXISTS (SELECT 1 FROM candidate c
                    WHERE c.id = a.candidate_id))
                + (SELECT count(*) FROM rejected_row x WHERE NOT EXISTS (SELECT 1 FROM import_run r
                    WHERE r.id = x.run_id))
                + (SELECT count(*) FROM import_run_policy p WHERE NOT EXISTS (SELECT 1 FROM import_run r
                    WHERE r.id = p.run_id))
                + (SELECT count(*) FROM candidate c WHERE c.id NOT BETWEEN c.run_id << 32
                    AND (c.run_id << 32) + 4294967295)
            """)
        #expect(orphans == 0, "\(when): orphan rows")
    }

    /// Polls `value` until it is non-nil (at most 60 s).
    private func waitForValue(_ value: () -> String?) -> String? {
        var found: String?
        _ = waitUntil(seconds: 60) {
            found = value()
            return found != nil
        }
        return found
    }
}
