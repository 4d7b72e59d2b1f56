import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// `pwaudit query --param NAME=VALUE` binds `:NAME` in each store's own way, and both refuse the same mistakes with
/// the same sentence (issue 25, items 3 and 7). The bound values are never part of the SQL text: a value holding a
/// quote or an injection attempt is data.
@Suite("query --param")
struct QueryParameterTests {
    /// The stores to run on: the database file always, the PostgreSQL test cluster when it is there.
    private static func stores() throws -> [BothStoresStore] {
        try [BothStoresStore.sqlite()] + (PostgresTestCluster.isEnabled ? [BothStoresStore.postgres()] : [])
    }

    private static func prepared(_ store: BothStoresStore) throws -> BothStoresStore {
        for step in BothStoresScript.steps.prefix(3) + [BothStoresScript.steps[5]] {
            _ = try store.run(step)
        }
        return store
    }

    private func query(_ store: BothStoresStore, _ sql: String, _ parameters: [String]) throws
        -> BothStoresStore.Outcome
    {
        try store.run(
            .init(
                arguments: ["query", sql, "--format", "csv"] + parameters.flatMap { ["--param", $0] },
                role: .reader))
    }

    @Test("a value binds as data on both stores: integers compare as integers, text as text, quotes stay quotes")
    func bindsOnBothStores() throws {
        var answers: [BothStoresStore.Outcome] = []
        for store in try Self.stores().map(Self.prepared) {
            let bound = try query(
                store,
                "SELECT run_id, reference, :text AS text FROM v_run_summary WHERE run_id = :run AND label = :label "
                    + "ORDER BY reference",
                ["run=1", "label=first", "text=x' OR '1'='1"])
            #expect(bound.code == 0, "\(store.name): \(bound)")
            #expect(bound.out == "run_id,reference,text\r\n1,corp@1,x' OR '1'='1\r\n1,corp@2,x' OR '1'='1\r\n")
            // An injection attempt in a compared value matches nothing: it is compared, not run.
            let injected = try query(
                store, "SELECT count(*) AS n FROM v_run_summary WHERE label = :label", ["label=x' OR '1'='1"])
            #expect(injected.out == "n\r\n0\r\n", "\(store.name): \(injected)")
            answers.append(bound)
        }
        #expect(Set(answers.map(\.out)).count == 1)
    }

    @Test("a parameter without a value, a value not used, and $1 parameters are usage errors saying which")
    func mistakes() throws {
        for store in try Self.stores().map(Self.prepared) {
            let missing = try query(store, "SELECT :run AS r", [])
            #expect(missing.code == 64)
            #expect(
                missing.err.hasPrefix(
                    "Error: the query uses :run and no value was given for it; add --param run=VALUE\n"),
                "\(store.name): \(missing)")
            let unused = try query(store, "SELECT :run AS r", ["run=1", "rnu=2"])
            #expect(unused.code == 64)
            #expect(unused.err.hasPrefix("Error: --param rnu is not used by the query, which uses :run\n"))
            let positional = try query(store, "SELECT $1 AS r", ["run=1"])
            #expect(
                positional.code == 64
                    && positional.err.hasPrefix(
                        "Error: the query has the parameter '$1'; with --param, write parameters as :NAME\n"),
                "\(store.name): \(positional)")
            let malformed = try query(store, "SELECT 1", ["1run=2"])
            #expect(malformed.code == 64 && malformed.err.contains("must be NAME=VALUE"), "\(malformed)")
            // A cast is not a parameter.
            let cast = try query(store, "SELECT CAST(:run AS INTEGER) + 1 AS r", ["run=41"])
            #expect(cast.out == "r\r\n42\r\n", "\(store.name): \(cast)")
        }
    }
}
