import AuditCrypto
import AuditRepositories
import Testing

/// Issue 27 on every store: a directory run's summary and accounts (`run_directory_summary`, `directory_account`,
/// schema 15) read back as written, in ordinal order; writing again replaces them; prune deletes the accounts and
/// keeps the summary; deleting the run deletes both.
@Suite struct DirectoryRepositoryContractTests {
    static let summary = RunDirectorySummary(
        extractName: "corp.ntds", potfileName: "hashcat.potfile", accounts: 3, cracked: 2, scored: 1,
        emptyPassword: 1, lmHash: 1, sharedHash: 2, breached: 2, breachCorpora: 1, linesRead: 9, machineAccounts: 2,
        machinesIncluded: false, historyLines: 3, withoutNTHash: 1, disabledAccounts: 1, disabledExcluded: 0,
        malformedLines: 0, potfileLines: 4, potfileUnmatched: 1, redacted: false)

    static func fingerprint(_ byte: UInt8) -> Fingerprint { Fingerprint(bytes: [UInt8](repeating: byte, count: 32))! }

    static let accounts = [
        DirectoryAccountRow(
            ordinal: 0, username: "CORP\\alice", rid: 1104, ntFingerprint: fingerprint(1), cracked: true,
            emptyPassword: false, lmHash: true, sharedWith: 2, sharedGroup: 0, breachCount: 3_000_000_000,
            usernameInPassword: 1, groups: ["Domain Admins", "Schema Admins"], disabled: false, machine: false,
            passwordLastSetAt: "2021-03-04T10:22:00Z", candidateLine: 2, passwordLength: 11),
        DirectoryAccountRow(
            ordinal: 1, username: "bob", rid: nil, ntFingerprint: fingerprint(1), cracked: false, emptyPassword: false,
            lmHash: false, sharedWith: 2, sharedGroup: 0, breachCount: 0, usernameInPassword: 0, groups: [],
            disabled: true, machine: false, passwordLastSetAt: nil, candidateLine: nil, passwordLength: nil),
        DirectoryAccountRow(
            ordinal: 2, username: "Zoë\\Ünïcødé", rid: 1106, ntFingerprint: fingerprint(2), cracked: true,
            emptyPassword: true, lmHash: false, sharedWith: 1, sharedGroup: nil, breachCount: 7,
            usernameInPassword: 0, groups: [], disabled: false, machine: true, passwordLastSetAt: nil,
            candidateLine: nil, passwordLength: 0),
    ]

    @Test("summary and accounts round-trip, are replaced, pruned and deleted", arguments: StoreUnderTest.all)
    func roundTrip(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let version = try store.addVersion(definition: "{\"v\":1}").version.id
            let run = try store.startRun(versionIDs: [version])
            let directory = store.directory
            #expect(try directory.summary(runID: run.id) == nil)
            try store.inTransaction {
                try directory.write(summary: Self.summary, accounts: Array(Self.accounts.reversed()), runID: run.id)
            }
            #expect(try directory.summary(runID: run.id) == Self.summary)
            #expect(try directory.accounts(runID: run.id) == Self.accounts)

            var redacted = Self.summary
            redacted.redacted = true
            redacted.potfileName = nil
            try directory.write(summary: redacted, accounts: [Self.accounts[2]], runID: run.id)
            #expect(try directory.summary(runID: run.id) == redacted)
            #expect(try directory.accounts(runID: run.id) == [Self.accounts[2]])
            #expect(try directory.summary(runID: 999) == nil)
            #expect(try directory.accounts(runID: 999).isEmpty)

            try store.runs.complete(
                runID: run.id, sourceBytes: 1, sourceSHA256: String(repeating: "b", count: 64), rowsRead: 1,
                rowsAccepted: 1, rowsRejected: 0)
            try store.pruner.prune(runID: run.id)
            #expect(try directory.accounts(runID: run.id).isEmpty)
            #expect(try directory.summary(runID: run.id) == redacted)
            #expect(try store.runs.delete(runID: run.id).deleted)
            #expect(try directory.summary(runID: run.id) == nil)
        }
    }
}
