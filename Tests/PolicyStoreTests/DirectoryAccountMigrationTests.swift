import AuditCrypto
import AuditRepositories
import PwauditTestSupport
import Testing

@testable import PolicyStore

/// Migration 0016 folds `directory_account`'s five flags and its name-in-password answer into `findings`: accounts a
/// directory audit stored under schema 15 read back the same afterwards, through the repository.
@Suite("Migration 0016: directory accounts' findings")
struct DirectoryAccountMigrationTests {
    /// Schema 15's flag columns of each stored account: cracked, empty, LM, name in password (0/1/2), disabled,
    /// machine; every combination of a flag with the others off, and some together.
    static let flags: [(cracked: Bool, empty: Bool, lm: Bool, name: Int, disabled: Bool, machine: Bool)] = [
        (false, false, false, 0, false, false), (true, false, false, 0, false, false),
        (true, true, false, 0, false, false), (false, false, true, 0, false, false),
        (true, false, false, 1, false, false), (true, false, false, 2, false, false),
        (false, false, false, 0, true, false), (false, false, false, 0, false, true),
        (true, true, true, 2, true, true), (true, false, true, 1, true, false),
    ]

    @Test("accounts stored under schema 15 read back unchanged under schema 16")
    func accountsSurviveTheMigration() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.path("old.db"))
        try Migrator(migrations: Array(Migrator.embedded.prefix(15))).migrate(database)
        let digest = String(repeating: "a", count: 64)
        try database.execute(
            """
            INSERT INTO import_run (id, source_name, source_bytes, source_sha256, started_at, finished_at, status,
                pwaudit_version, pid)
            VALUES (7, 'ntds:corp.ntds', 1, '\(digest)', '2026-02-01T00:00:00Z', '2026-02-01T00:00:01Z', 'complete',
                '0', 1)
            """)
        var expected: [DirectoryAccountRow] = []
        for (ordinal, f) in Self.flags.enumerated() {
            let fingerprint = Fingerprint(filling: { $0.initializeMemory(as: UInt8.self, repeating: UInt8(ordinal)) })
            let row = DirectoryAccountRow(
                ordinal: ordinal, username: "CORP\\user\(ordinal)", rid: ordinal == 3 ? nil : Int64(1000 + ordinal),
                ntFingerprint: fingerprint, cracked: f.cracked, emptyPassword: f.empty, lmHash: f.lm,
                sharedWith: 1 + ordinal % 3, sharedGroup: ordinal % 3 == 0 ? nil : 0, breachCount: ordinal * 7,
                usernameInPassword: f.name, groups: ordinal == 4 ? ["Domain Admins", "Enterprise Admins"] : [],
                disabled: f.disabled, machine: f.machine,
                passwordLastSetAt: ordinal == 2 ? nil : "2025-0\(1 + ordinal % 9)-01T00:00:00Z",
                candidateLine: f.cracked ? ordinal + 2 : nil, passwordLength: f.cracked ? 8 + ordinal : nil)
            expected.append(row)
            let flag = { (value: Bool) in SQLValue.integer(value ? 1 : 0) }
            try database.execute(
                """
                INSERT INTO directory_account (run_id, ordinal, username, rid, nt_fingerprint, cracked, empty_password,
                    lm_hash, shared_with, shared_group, breach_count, username_in_password, privileged_groups, disabled,
                    machine, password_last_set_at, candidate_line, password_length)
                VALUES (7, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)
                """,
                [
                    .integer(Int64(ordinal)), .text(row.username), row.rid.map(SQLValue.integer) ?? .null,
                    .blob(row.ntFingerprint.bytes), flag(row.cracked), flag(row.emptyPassword), flag(row.lmHash),
                    .integer(Int64(row.sharedWith)), row.sharedGroup.map { .integer(Int64($0)) } ?? .null,
                    .integer(Int64(row.breachCount)), .integer(Int64(row.usernameInPassword)), .text(row.groupsText),
                    flag(row.disabled), flag(row.machine), .optional(row.passwordLastSetAt),
                    row.candidateLine.map { .integer(Int64($0)) } ?? .null,
                    row.passwordLength.map { .integer(Int64($0)) } ?? .null,
                ])
        }
        #expect(try Migrator().migrate(database) == [16])
        #expect(try SQLiteDirectoryRepository(database: database).accounts(runID: 7) == expected)
        let stored = try database.cachedStatement("SELECT findings FROM directory_account ORDER BY ordinal")
        var findings: [Int] = []
        while try stored.step() { findings.append(stored.int(at: 0)) }
        stored.reset()
        #expect(findings == expected.map(\.findings))
        #expect(findings.allSatisfy { (0...95).contains($0) } && Set(findings).count == Self.flags.count)
    }

    @Test("findings encode and decode every flag on its own bit, the name-in-password answer in two")
    func findingsRoundTrip() {
        func row(_ bits: Int) -> DirectoryAccountRow {
            DirectoryAccountRow(
                ordinal: 0, username: "u", rid: nil, ntFingerprint: Fingerprint(filling: { _ in }), findings: bits,
                sharedWith: 1, sharedGroup: nil, breachCount: 0, groups: [], passwordLastSetAt: nil,
                candidateLine: nil, passwordLength: nil)
        }
        for bits in 0...95 {  // every value the column's check admits is one row's flags, read back as stored
            #expect(row(bits).findings == bits)
        }
        let flagged = row(1 | 4 | 16 | 2 << 5)
        #expect(flagged.cracked && flagged.lmHash && flagged.machine && flagged.usernameInPassword == 2)
        #expect(!flagged.emptyPassword && !flagged.disabled)
    }
}
