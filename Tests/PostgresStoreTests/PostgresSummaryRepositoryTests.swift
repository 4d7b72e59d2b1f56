import AuditRepositories
import PostgresStore
import PwauditTestSupport
import Testing

/// `PostgresSummaryRepository` against the server, mirroring SummaryRepositoryContractTests and
/// BreachSummaryContractTests one for one (until the PostgreSQL store joins StoreUnderTest.all, when those replace
/// the first two tests here), plus `writeAccounts` from candidates inserted with plain SQL.
@Suite(.enabled(if: PostgresTestCluster.isEnabled, PostgresTestCluster.skipReason))
struct PostgresSummaryRepositoryTests {
    @Test func everySummaryRoundTripsAndRewritingReplaces() throws {
        try PostgresSummaryFixture.withDatabase { connection in
            let id = try PostgresSummaryFixture.addVersion(connection, version: 1)
            let run = try PostgresSummaryFixture.startRun(connection, id: 1, versionIDs: [id])
            let summary = RunSummary(
                versions: [RunVersionSummaryRow(policyVersionID: id, total: 10, unlocked: 4, nearMiss: 3)],
                rules: [
                    RunRuleSummaryRow(policyVersionID: id, bit: 0, failures: 5, onlyFailure: 2),
                    RunRuleSummaryRow(policyVersionID: id, bit: 2, failures: 1, onlyFailure: 1),
                ],
                rulePairs: [RunRulePairSummaryRow(policyVersionID: id, bitA: 0, bitB: 2, failures: 1)],
                lengths: [RunLengthSummaryRow(length: 8, count: 6), RunLengthSummaryRow(length: 12, count: 4)],
                compositions: [
                    RunCompositionSummaryRow(composition: "lower+digit", count: 7),
                    RunCompositionSummaryRow(composition: "lower", count: 3),
                ],
                reuse: RunReuseSummaryRow(
                    distinctFingerprints: 8, sharedGroups: 1, sharedCandidates: 3, largestGroup: 3),
                rejects: [RunRejectSummaryRow(reason: "missing-password", count: 2)],
                days: [RunDaySummaryRow(policyVersionID: id, day: "2026-03-01", total: 10, unlocked: 4)],
                dayRules: [RunDayRuleSummaryRow(policyVersionID: id, day: "2026-03-01", bit: 0, failures: 5)])
            let summaries = PostgresSummaryRepository(connection: connection)
            try summaries.write(runID: run, summary: summary)
            #expect(try summaries.read(runID: run) == summary)
            #expect(try summaries.versions(runID: run) == summary.versions)
            #expect(try summaries.rules(runID: run) == summary.rules)
            #expect(try summaries.rulePairs(runID: run) == summary.rulePairs)
            #expect(try summaries.lengths(runID: run) == summary.lengths)
            #expect(try summaries.reuse(runID: run) == summary.reuse)
            #expect(try summaries.rejects(runID: run) == summary.rejects)
            #expect(try summaries.days(runID: run) == summary.days)
            #expect(try summaries.dayRules(runID: run) == summary.dayRules)
            #expect(Set(try summaries.compositions(runID: run).map(\.composition)) == ["lower", "lower+digit"])

            let smaller = RunSummary(lengths: [RunLengthSummaryRow(length: 9, count: 1)])
            try summaries.write(runID: run, summary: smaller)
            #expect(try summaries.read(runID: run) == smaller)
            #expect(try summaries.read(runID: 999) == RunSummary())
        }
    }

    @Test func breachBucketsRoundTripPerVersionAndRewritingReplacesThem() throws {
        try PostgresSummaryFixture.withDatabase { connection in
            let first = try PostgresSummaryFixture.addVersion(connection, version: 1)
            let second = try PostgresSummaryFixture.addVersion(connection, version: 2)
            let run = try PostgresSummaryFixture.startRun(connection, id: 1, versionIDs: [first, second])
            let breaches = [
                RunBreachSummaryRow(policyVersionID: first, buckets: [1, 2, 3, 4, 5]),
                RunBreachSummaryRow(policyVersionID: second, buckets: [0, 0, 0, 0, 0]),
            ]
            let summary = RunSummary(
                versions: [
                    RunVersionSummaryRow(policyVersionID: first, total: 20, unlocked: 5, nearMiss: 0),
                    RunVersionSummaryRow(policyVersionID: second, total: 20, unlocked: 20, nearMiss: 0),
                ],
                breaches: breaches)
            let summaries = PostgresSummaryRepository(connection: connection)
            try summaries.write(runID: run, summary: summary)
            #expect(try summaries.breaches(runID: run) == breaches)
            #expect(try summaries.read(runID: run) == summary)
            #expect(try summaries.breaches(runID: run).first?.matched == 15)

            let without = RunSummary(versions: summary.versions)
            try summaries.write(runID: run, summary: without)
            #expect(try summaries.breaches(runID: run).isEmpty)
            #expect(try summaries.breaches(runID: 999).isEmpty)
        }
    }

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
}
