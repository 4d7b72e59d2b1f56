import AuditRepositories
import PolicyStore
import PostgresStore
import PwauditTestSupport
import Testing

/// One store implementation the contract tests run against: each `@Test(arguments: StoreUnderTest.all)` runs once
/// per entry. A second store (PostgreSQL, say) joins by adding its entry here.
struct StoreUnderTest: Sendable, CustomTestStringConvertible {
    /// Shown in the test's name.
    let name: String
    private let open: @Sendable () throws -> StoreFixture

    var testDescription: String { name }

    /// Runs `body` with a new, empty, migrated store, which lives (with its files) until `body` returns.
    func withStore(_ body: (any AuditStore) throws -> Void) throws {
        let fixture = try open()
        try withExtendedLifetime(fixture) { try body(fixture.store) }
    }

    /// Every implementation of `AuditStore` in the package; the PostgreSQL store where a server can run
    /// (`PostgresTestCluster.isEnabled`: the PostgreSQL suites say so in one line when it cannot).
    static let all = sqlite + (PostgresTestCluster.isEnabled ? [postgres] : [])

    /// The SQLite store, in memory and in a file.
    private static let sqlite = [
        StoreUnderTest(name: "SQLite in memory") {
            let database = try Database.inMemory()
            try Migrator().migrate(database)
            return StoreFixture(store: SQLiteAuditStore(database: database))
        },
        StoreUnderTest(name: "SQLite file (WAL)") {
            let directory = try TemporaryDirectory(prefix: "pwaudit-contract")
            let database = try Database(path: directory.path("audit.db"))
            try Migrator().migrate(database)
            return StoreFixture(store: SQLiteAuditStore(database: database), keeping: directory)
        },
    ]

    /// The PostgreSQL store, in a new database of the throwaway test cluster.
    private static let postgres = StoreUnderTest(name: "PostgreSQL (throwaway cluster)") {
        let database = try PostgresTestCluster.shared().createDatabase()
        return StoreFixture(store: try PostgresAuditStore.open(uri: database.uri, intent: .create), keeping: database)
    }
}

/// A store under test with whatever must live as long as it (its directory).
struct StoreFixture {
    let store: any AuditStore
    var keeping: AnyObject? = nil
}
