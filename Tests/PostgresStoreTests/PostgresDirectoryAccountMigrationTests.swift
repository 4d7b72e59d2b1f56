import AuditCrypto
import AuditRepositories
import PostgresStore
import PwauditTestSupport
import Testing

/// Migration 0016 on PostgreSQL, as on SQLite (`DirectoryAccountMigrationTests`): accounts a directory audit stored
/// under schema 15 read back the same through the repository once `findings` holds their flags.
@Suite(.enabled(if: PostgresTestCluster.isEnabled, PostgresTestCluster.skipReason))
struct PostgresDirectoryAccountMigrationTests {
    @Test("accounts stored under schema 15 read back unchanged under schema 16")
    func accountsSurviveTheMigration() throws {
        let database = try PostgresTestCluster.shared().createDatabase()
        let connection = try PostgresConnection(database.uri)
        try PostgresMigrator(migrations: Array(PostgresMigrator.embedded.prefix(15))).migrate(connection)
        let digest = String(repeating: "a", count: 64)
        try connection.execute(
            """
            INSERT INTO import_run (id, source_name, source_bytes, source_sha256, started_at, finished_at, status,
                pwaudit_version, pid)
            VALUES (7, 'ntds:corp.ntds', 1, '\(digest)', '2026-02-01T00:00:00Z', '2026-02-01T00:00:01Z', 'complete',
                '0', 1)
            """)
        var expected: [DirectoryAccountRow] = []
        // cracked, empty, LM, name in password (0/1/2), disabled, machine
        let flags: [(Bool, Bool, Bool, Int, Bool, Bool)] = [
            (false, false, false, 0, false, false), (true, true, false, 0, false, false),
            (false, false, true, 0, false, false), (true, false, false, 1, false, false),
            (true, false, false, 2, true, false), (false, false, false, 0, false, true),
            (true, true, true, 2, true, true),
        ]
        for (ordinal, f) in flags.enumerated() {
            let row = DirectoryAccountRow(
                ordinal: ordinal, username: "CORP\\user\(ordinal)", rid: ordinal == 2 ? nil : Int64(1000 + ordinal),
                ntFingerprint: Fingerprint(filling: { $0.initializeMemory(as: UInt8.self, repeating: UInt8(ordinal)) }),
                cracked: f.0, emptyPassword: f.1, lmHash: f.2, sharedWith: 1 + ordinal % 3,
                sharedGroup: ordinal % 3 == 0 ? nil : 0, breachCount: ordinal * 7, usernameInPassword: f.3,
                groups: ordinal == 3 ? ["Domain Admins", "Enterprise Admins"] : [], disabled: f.4, machine: f.5,
                passwordLastSetAt: ordinal == 1 ? nil : "2025-0\(1 + ordinal)-01T00:00:00Z",
                candidateLine: f.0 ? ordinal + 2 : nil, passwordLength: f.0 ? 8 + ordinal : nil)
            expected.append(row)
            _ = try connection.execute(
                """
                INSERT INTO directory_account (run_id, ordinal, username, rid, nt_fingerprint, cracked, empty_password,
                    lm_hash, shared_with, shared_group, breach_count, username_in_password, privileged_groups, disabled,
                    machine, password_last_set_at, candidate_line, password_length)
                VALUES (7, $1, $2, $3, $4, $5::int::boolean, $6::int::boolean, $7::int::boolean, $8, $9, $10, $11, $12,
                    $13::int::boolean, $14::int::boolean, $15::timestamptz, $16, $17)
                """,
                [
                    .integer(Int64(ordinal)), .text(row.username), row.rid.map(SQLValue.integer) ?? .null,
                    .blob(row.ntFingerprint.bytes), .integer(f.0 ? 1 : 0), .integer(f.1 ? 1 : 0),
                    .integer(f.2 ? 1 : 0), .integer(Int64(row.sharedWith)),
                    row.sharedGroup.map { .integer(Int64($0)) } ?? .null, .integer(Int64(row.breachCount)),
                    .integer(Int64(f.3)), .text(row.groupsText), .integer(f.4 ? 1 : 0), .integer(f.5 ? 1 : 0),
                    .optional(row.passwordLastSetAt), row.candidateLine.map { .integer(Int64($0)) } ?? .null,
                    row.passwordLength.map { .integer(Int64($0)) } ?? .null,
                ])
        }
        #expect(try PostgresMigrator().migrate(connection) == [16])
        #expect(try PostgresDirectoryRepository(connection: connection).accounts(runID: 7) == expected)
        var findings: [Int] = []
        try connection.forEachRow("SELECT findings FROM directory_account ORDER BY ordinal", []) {
            findings.append(try $0.int(at: 0))
        }
        #expect(findings == expected.map(\.findings))
    }
}
