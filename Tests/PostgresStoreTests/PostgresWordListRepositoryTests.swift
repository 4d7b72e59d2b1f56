import PostgresStore
import PwauditTestSupport
import Testing

/// `PostgresWordListRepository` against the server, as WordListRepositoryContractTests checks SQLite's (until the
/// PostgreSQL store joins StoreUnderTest.all).
@Suite(.enabled(if: PostgresTestCluster.isEnabled, PostgresTestCluster.skipReason))
struct PostgresWordListRepositoryTests {
    private static let sha = String(repeating: "ab", count: 32)

    @Test func aListIsStoredOncePerContentAndReadBackByteForByte() throws {
        let database = try PostgresTestCluster.shared().createDatabase()
        let connection = try PostgresConnection(database.uri)
        try PostgresMigrator().migrate(connection)
        let lists = PostgresWordListRepository(connection: connection)
        let entries = Array("password\nqwerty\n\u{00E9}t\u{00E9}\n".utf8) + [0x5C, 0x0A]
        try lists.store(sha256: Self.sha, entryCount: 4, entries: entries)
        try lists.store(sha256: Self.sha, entryCount: 4, entries: entries)
        #expect(try lists.count() == 1)
        let read = try #require(try lists.list(sha256: Self.sha))
        #expect(read.entryCount == 4)
        #expect(read.entries == entries)
        #expect(try lists.list(sha256: String(repeating: "0", count: 64)) == nil)
        try lists.store(sha256: String(repeating: "cd", count: 32), entryCount: 0, entries: [])
        #expect(try lists.list(sha256: String(repeating: "cd", count: 32))?.entries == [])
        #expect(try lists.count() == 2)
    }
}
