import AuditRepositories
import Testing

/// Issue 22, item 1: the address `--db` names, and the text of it that messages may show.
@Suite("StoreAddress: which store a --db value names, and its password never shown")
struct StoreAddressTests {
    @Test(
        "a postgresql:// or postgres:// prefix names a server; anything else is a database file",
        arguments: [
            ("postgresql://db.example/audit", StoreAddress.postgres(uri: "postgresql://db.example/audit")),
            ("postgres:///audit?host=/run/pg", .postgres(uri: "postgres:///audit?host=/run/pg")),
            ("audit.db", .sqliteFile(path: "audit.db")),
            ("/srv/postgresql://x", .sqliteFile(path: "/srv/postgresql://x")),
            ("POSTGRESQL://db/audit", .sqliteFile(path: "POSTGRESQL://db/audit")),
            ("postgresql:/audit", .sqliteFile(path: "postgresql:/audit")),
        ])
    func parsing(value: String, address: StoreAddress) {
        #expect(StoreAddress(value) == address)
    }

    @Test(
        "displayText hides the password of the user information and of a password= parameter, and only that",
        arguments: [
            ("postgresql://alice:pw@db/audit", "postgresql://alice:***@db/audit"),
            ("postgresql://alice:p:w@db:5432,db2:5433/audit", "postgresql://alice:***@db:5432,db2:5433/audit"),
            ("postgresql://alice@db/audit", "postgresql://alice@db/audit"),
            (
                "postgresql://db/audit?user=a&password=pw&sslmode=require",
                "postgresql://db/audit?user=a&password=***&sslmode=require"
            ),
            ("postgres://a:pw@db/audit?PASSWORD=pw", "postgres://a:***@db/audit?password=***"),
            ("postgresql://db/a@b", "postgresql://db/a@b"),
            ("postgresql://", "postgresql://"),
        ])
    func redaction(uri: String, shown: String) {
        #expect(StoreAddress.postgres(uri: uri).displayText == shown)
    }

    @Test("a database file is shown as its path and keeps its key beside it; a server keeps none")
    func fileAddress() {
        #expect(StoreAddress.sqliteFile(path: "/srv/a.db").displayText == "/srv/a.db")
        #expect(StoreAddress.sqliteFile(path: "/srv/a.db").defaultKeyPath == "/srv/a.db.key")
        #expect(StoreAddress.postgres(uri: "postgresql://db/audit").defaultKeyPath == nil)
    }
}
