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
}
