import Foundation
import PostgresStore
import PwauditTestSupport
import Testing

/// docs/queries.md's worked queries, as the page gives them, run on a PostgreSQL database at the newest schema (the
/// page's "On PostgreSQL" says what prints differently).
@Suite(.enabled(if: PostgresTestCluster.isEnabled, PostgresTestCluster.skipReason))
struct PostgresQueriesDocTests {
    /// Every ```sql block of the page.
    static func workedQueries() throws -> [String] {
        let page = try String(contentsOf: SourceTree.root.appendingPathComponent("docs/queries.md"), encoding: .utf8)
        return page.matches(of: #/```sql\n(?<sql>.*?)\n```/#.dotMatchesNewlines()).map { String($0.output.sql) }
    }

    @Test func everyWorkedQueryRunsOnPostgreSQL() throws {
        let queries = try Self.workedQueries()
        #expect(queries.count >= 6)
        let database = try PostgresTestCluster.shared().createDatabase()
        let connection = try PostgresConnection(database.uri)
        try PostgresMigrator().migrate(connection)
        for sql in queries {
            #expect(throws: Never.self, "\(sql)") {
                try connection.inTransaction(.readOnly) { _ = try connection.rows(sql) }
            }
        }
    }
}
