import AuditRepositories
import PostgresStore
import PwauditTestSupport
import Testing

/// `PostgresSummaryRepository` against the server beyond SummaryRepositoryContractTests and
/// BreachSummaryContractTests (which run against PostgreSQL through `StoreUnderTest.all`): the order of compositions
/// and rejects, and `writeAccounts` from candidates inserted with plain SQL.
@Suite(.enabled(if: PostgresTestCluster.isEnabled, PostgresTestCluster.skipReason))
struct PostgresSummaryRepositoryTests {
    @Test func compositionsAndRejectsComeMostFrequentFirstThenInByteOrder() throws {
        try PostgresSummaryFixture.withDatabase { connection in
            let run = try PostgresSummaryFixture.startRun(connection, id: 1, versionIDs: [])
            let summaries = PostgresSummaryRepository(connection: connection)
            try summaries.write(
                runID: run,
                summary: RunSummary(
                    compositions: [
                        RunCompositionSummaryRow(composition: "lower", count: 2),
                        RunCompositionSummaryRow(composition: "Upper", count: 2),
                        RunCompositionSummaryRow(composition: "digit", count: 9),
                    ],
                    rejects: [
                        RunRejectSummaryRow(reason: "too-long", count: 1),
                        RunRejectSummaryRow(reason: "missing-password", count: 1),
                    ]))
            #expect(try summaries.compositions(runID: run).map(\.composition) == ["digit", "Upper", "lower"])
            #expect(try summaries.rejects(runID: run).map(\.reason) == ["missing-password", "too-long"])
        }
    }

    @Test func accountsAreEachUsernamesLatestCandidateOfTheRunAndRewritingReplacesThem() throws {
        try PostgresSummaryFixture.withDatabase { connection in
            let run = try PostgresSummaryFixture.startRun(connection, id: 2, versionIDs: [])
            let other = try PostgresSummaryFixture.startRun(connection, id: 3, versionIDs: [])
            let base = run << 32
            // (ordinal, username, submitted_at): alice's latest is 2; bob has a tie (the lower id wins, as SQLite's max()
            // keeps the first row); carol has no times (her first candidate); a row without username counts for nobody.
            let rows: [(Int64, String?, String?)] = [
                (1, "alice", "2026-03-01 10:00:00+00"), (2, "alice", "2026-03-02 09:00:00+00"),
                (3, "alice", nil), (4, "bob", "2026-03-05 00:00:00+00"), (5, "bob", "2026-03-05 00:00:00+00"),
                (6, "carol", nil), (7, "carol", nil), (8, nil, "2026-04-01 00:00:00+00"),
            ]
            for (ordinal, username, time) in rows {
                try PostgresSummaryFixture.addCandidate(
                    connection, id: base + ordinal, run: run, username: username, time: time)
            }
            try PostgresSummaryFixture.addCandidate(
                connection, id: (other << 32) + 1, run: other, username: "alice", time: "2027-01-01 00:00:00+00")

            let summaries = PostgresSummaryRepository(connection: connection)
            try summaries.writeAccounts(runID: run)
            try summaries.writeAccounts(runID: run)
            let accounts = try PostgresSummaryFixture.accounts(connection)
            #expect(
                accounts == [
                    "2|alice|2026-03-02T09:00:00Z|\(base + 2)|3", "2|bob|2026-03-05T00:00:00Z|\(base + 4)|2",
                    "2|carol||\(base + 6)|2",
                ])

            _ = try connection.execute("DELETE FROM candidate WHERE id = $1", [.integer(base + 2)])
            try summaries.writeAccounts(runID: run)
            #expect(
                try PostgresSummaryFixture.accounts(connection).first == "2|alice|2026-03-01T10:00:00Z|\(base + 1)|2")
            try summaries.writeAccounts(runID: other)
            #expect(try PostgresSummaryFixture.accounts(connection).count == 4)
        }
    }

    @Test func periodSumsAddUpDayRowsPerVersionAndPeriodAcrossTheRunsAskedFor() throws {
        try PostgresSummaryFixture.withDatabase { connection in
            let v1 = try PostgresSummaryFixture.addVersion(connection, version: 1)
            let v2 = try PostgresSummaryFixture.addVersion(connection, version: 2)
            let summaries = PostgresSummaryRepository(connection: connection)
            let days = ["2026-03-01", "2026-03-02", "2026-03-31", "2026-04-01", "invalid", "none"]
            for run: Int64 in 1...3 {
                try PostgresSummaryFixture.startRun(connection, id: run, versionIDs: [v1, v2])
                try summaries.write(
                    runID: run,
                    summary: RunSummary(
                        days: [v1, v2].flatMap { version in
                            days.enumerated().map {
                                RunDaySummaryRow(
                                    policyVersionID: version, day: $1, total: 10 * Int(run) + $0, unlocked: Int(run))
                            }
                        },
                        dayRules: days.map {
                            RunDayRuleSummaryRow(policyVersionID: v1, day: $0, bit: 2, failures: Int(run))
                        }))
            }
            func sums(_ grouping: SummaryDayGrouping, since: String? = nil, until: String? = nil) throws -> [String] {
                let sums = try #require(
                    try summaries.periodSums(
                        runIDs: [1, 3], versionIDs: [v1], grouping: grouping, since: since, until: until))
                return
                    (sums.days.map { "\($0.day) \($0.total) \($0.unlocked)" }
                    + sums.dayRules.map { "\($0.day) bit \($0.bit) \($0.failures)" }).sorted()
            }
            #expect(
                try sums(.month) == [
                    "2026-03-01 126 12", "2026-03-01 bit 2 12", "2026-04-01 46 4", "2026-04-01 bit 2 4",
                    "invalid 48 4", "invalid bit 2 4", "none 50 4", "none bit 2 4",
                ])
            // 2026-03-31 is a Tuesday: its ISO week starts on Monday 2026-03-30, with 2026-04-01.
            #expect(
                try sums(.week, since: "2026-03-02") == [
                    "2026-03-02 42 4", "2026-03-02 bit 2 4", "2026-03-30 90 8", "2026-03-30 bit 2 8",
                ])
            #expect(try sums(.day, until: "2026-03-01") == ["2026-03-01 40 4", "2026-03-01 bit 2 4"])
        }
    }

    @Test func inForceSumsAddUpEachSpanUnderItsVersionAndCountTheUnjudgedDays() throws {
        try PostgresSummaryFixture.withDatabase { connection in
            let v1 = try PostgresSummaryFixture.addVersion(connection, version: 1)
            let v2 = try PostgresSummaryFixture.addVersion(connection, version: 2)
            let summaries = PostgresSummaryRepository(connection: connection)
            let days = ["2026-02-27", "2026-03-01", "2026-03-02", "2026-04-01", "none"]
            try PostgresSummaryFixture.startRun(connection, id: 1, versionIDs: [v1, v2])
            try summaries.write(
                runID: 1,
                summary: RunSummary(
                    days: [v1, v2].flatMap { version in
                        days.enumerated().map {
                            RunDaySummaryRow(
                                policyVersionID: version, day: $1, total: 10 + $0, unlocked: Int(version == v1 ? 1 : 2))
                        }
                    },
                    dayRules: days.map { RunDayRuleSummaryRow(policyVersionID: v2, day: $0, bit: 1, failures: 3) }))
            // Nothing before March; v2 from March to April (exclusive); then a span no version judges.
            let spans = [
                InForceSpan(runID: 1, firstDay: nil, endDay: "2026-03-01", scoredVersionID: nil),
                InForceSpan(runID: 1, firstDay: "2026-03-01", endDay: "2026-04-01", scoredVersionID: v2),
                InForceSpan(runID: 1, firstDay: "2026-04-01", endDay: nil, scoredVersionID: nil),
            ]
            func sums(_ grouping: SummaryDayGrouping?, since: String? = nil) throws -> [String] {
                let sums = try #require(
                    try summaries.inForceSums(spans: spans, grouping: grouping, since: since, until: nil))
                return
                    (sums.scored.map { "\($0.span) \($0.period ?? "-") \($0.total) \($0.unlocked)" }
                    + sums.failures.map { "\($0.span) \($0.period ?? "-") bit \($0.bit) \($0.failures)" }
                    + sums.unjudged.map {
                        "run \($0.runID) \($0.span.map(String.init) ?? "-") \($0.period ?? "-") \($0.days) days"
                            + " \($0.candidates) \($0.firstDay)...\($0.lastDay)"
                    }).sorted()
            }
            #expect(
                try sums(.month) == [
                    "1 2026-03-01 23 4", "1 2026-03-01 bit 1 6", "run 1 - none 1 days 14 none...none",
                    "run 1 0 2026-02-01 1 days 10 2026-02-27...2026-02-27",
                    "run 1 2 2026-04-01 1 days 13 2026-04-01...2026-04-01",
                ])
            #expect(
                try sums(nil, since: "2026-03-02") == [
                    "1 - 12 2", "1 - bit 1 3", "run 1 2 - 1 days 13 2026-04-01...2026-04-01",
                ])
        }
    }
}
