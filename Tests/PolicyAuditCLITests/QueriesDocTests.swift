import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// docs/queries.md shows each worked query's real output on the demo database: it must stay what `pwaudit query`
/// prints there.
@Suite("docs/queries.md")
struct QueriesDocTests {
    @Test("every worked query prints, on the demo database, the output the page shows")
    func workedQueries() throws {
        let harness = try CLIHarness()
        defer { harness.cleanUp() }
        let demo = "\(harness.directory)/demo"
        #expect(try harness.run(["demo", "--dir", demo]).code == .success)
        let page = try String(
            contentsOf: SourceTree.root.appendingPathComponent("docs/queries.md"), encoding: .utf8)
        let pairs = page.matches(of: #/```sql\n(?<sql>.*?)\n```\n\n```text\n(?<output>.*?)\n```/#.dotMatchesNewlines())
        #expect(pairs.count >= 6)
        for pair in pairs {
            let sql = String(pair.output.sql)
            let result = try harness.run(["query", sql, "--db", "\(demo)/pwaudit.db"])
            #expect(result.code == .success, "\(sql): \(result.err)")
            #expect(result.out == pair.output.output + "\n", "\(sql)")
        }
    }
}
