import PostgresStore
import Testing

/// Where a connection string keeps its password, and how it is shown without it (no server needed).
@Suite struct PostgresAddressTests {
    @Test(
        arguments: [
            ("postgresql://alice:s3cret@db.example:5432/audit", "postgresql://alice:***@db.example:5432/audit"),
            ("postgres://alice:s%40cret@db/audit?sslmode=require", "postgres://alice:***@db/audit?sslmode=require"),
            (
                "postgresql://alice@db/audit?password=s3cret&sslmode=require",
                "postgresql://alice@db/audit?password=***&sslmode=require"
            ),
            ("postgresql://db/audit", "postgresql://db/audit"),
            ("postgresql://a:b:c@d@h/x", "postgresql://a:***@h/x"),
            ("host=db dbname=audit password=s3cret user=alice", "host=db dbname=audit password=*** user=alice"),
            ("host=db password = 'it\\'s \\\\ secret' user=x", "host=db password = '***' user=x"),
        ])
    func displayTextMasksThePassword(uri: String, shown: String) {
        #expect(PostgresAddress(uri).displayText == shown)
    }

    @Test func redactRemovesThePasswordAsWrittenAndAsDecoded() {
        let address = PostgresAddress("postgresql://alice:s%40cret-pw@db/audit")
        #expect(address.redact("libpq said s%40cret-pw and s@cret-pw") == "libpq said *** and ***")
        #expect(PostgresAddress("postgresql://db/audit").redact("nothing to hide") == "nothing to hide")
    }

    @Test func postgresURIsAreToldByTheirScheme() {
        #expect(PostgresAddress.isPostgresURI("postgresql://db/a"))
        #expect(PostgresAddress.isPostgresURI("postgres://db/a"))
        #expect(!PostgresAddress.isPostgresURI("audit.db"))
        #expect(!PostgresAddress.isPostgresURI("./postgres://x"))
    }
}
