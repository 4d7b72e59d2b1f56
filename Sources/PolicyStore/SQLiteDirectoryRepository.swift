import AuditCrypto
import AuditRepositories

/// Directory audits on SQLite (`run_directory_summary`, migrations/0015_directory_audit.sql; `directory_account`,
/// migrations/0016_directory_account_findings.sql).
package struct SQLiteDirectoryRepository: DirectoryRepository {
    let database: Database

    /// Creates a repository over a migrated database.
    package init(database: Database) { self.database = database }

    private static let accountColumns = """
        ordinal, username, rid, nt_fingerprint, findings, shared_with, shared_group, breach_count, privileged_groups, \
        password_last_set_at, candidate_line, password_length
        """

    private static let summaryColumns = """
        extract_name, potfile_name, accounts, cracked, scored, empty_password, lm_hash, shared_hash, breached, \
        breach_corpora, lines_read, machine_accounts, machines_included, history_lines, without_nt_hash, \
        disabled_accounts, disabled_excluded, malformed_lines, potfile_lines, potfile_unmatched, redacted
        """

    /// Replaces the run's summary and accounts, in one transaction (the caller's, when it holds one).
    package func write(summary: RunDirectorySummary, accounts: [DirectoryAccountRow], runID: Int64) throws {
        try database.inTransaction {
            let run = SQLValue.integer(runID)
            try database.execute("DELETE FROM directory_account WHERE run_id = ?1", [run])
            try database.execute("DELETE FROM run_directory_summary WHERE run_id = ?1", [run])
            let s = summary
            let values: [SQLValue] =
                [run, .text(s.extractName), s.potfileName.map(SQLValue.text) ?? .null]
                + [
                    s.accounts, s.cracked, s.scored, s.emptyPassword, s.lmHash, s.sharedHash, s.breached,
                    s.breachCorpora, s.linesRead, s.machineAccounts, s.machinesIncluded ? 1 : 0, s.historyLines,
                    s.withoutNTHash, s.disabledAccounts, s.disabledExcluded, s.malformedLines, s.potfileLines,
                    s.potfileUnmatched, s.redacted ? 1 : 0,
                ].map { SQLValue.integer(Int64($0)) }
            try database.execute(
                "INSERT INTO run_directory_summary (run_id, \(Self.summaryColumns)) VALUES ("
                    + (1...values.count).map { "?\($0)" }.joined(separator: ", ") + ")", values)
            guard !accounts.isEmpty else { return }
            let insert = try MultiRowInsert(
                database: database, head: "INSERT INTO directory_account (run_id, \(Self.accountColumns))",
                columns: 13, rowsPerStatement: 50)
            try insert.insert(count: accounts.count) { statement, index, base in
                Self.bind(accounts[index], runID: runID, to: statement, from: base)
            }
            insert.clearBindings()
        }
    }

    /// Binds `row`'s 13 columns from parameter `first` on, each in place (no array of values per row: a directory
    /// holds a million accounts).
    private static func bind(_ row: DirectoryAccountRow, runID: Int64, to statement: Statement, from first: Int32) {
        var index = first
        func next() -> Int32 {
            defer { index += 1 }
            return index
        }
        func int(_ value: Int?) {
            if let value { statement.bind(value, at: next()) } else { statement.bindNull(at: next()) }
        }
        statement.bind(runID, at: next())
        int(row.ordinal)
        statement.bind(row.username, at: next())
        int(row.rid.map { Int($0) })
        row.ntFingerprint.withUnsafeBytes { statement.bind(blob: $0, at: next()) }
        int(row.findings)
        int(row.sharedWith)
        int(row.sharedGroup)
        int(row.breachCount)
        statement.bind(row.groupsText, at: next())
        statement.bind(row.passwordLastSetAt, at: next())
        int(row.candidateLine)
        int(row.passwordLength)
    }

    /// The summary of `runID`, or nil.
    package func summary(runID: Int64) throws -> RunDirectorySummary? {
        let statement = try database.cachedStatement(
            "SELECT \(Self.summaryColumns) FROM run_directory_summary WHERE run_id = ?1")
        statement.bind([.integer(runID)])
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        let s = statement
        return RunDirectorySummary(
            extractName: s.string(at: 0) ?? "", potfileName: s.string(at: 1), accounts: s.int(at: 2),
            cracked: s.int(at: 3), scored: s.int(at: 4), emptyPassword: s.int(at: 5), lmHash: s.int(at: 6),
            sharedHash: s.int(at: 7), breached: s.int(at: 8), breachCorpora: s.int(at: 9), linesRead: s.int(at: 10),
            machineAccounts: s.int(at: 11), machinesIncluded: s.int(at: 12) != 0, historyLines: s.int(at: 13),
            withoutNTHash: s.int(at: 14), disabledAccounts: s.int(at: 15), disabledExcluded: s.int(at: 16),
            malformedLines: s.int(at: 17), potfileLines: s.int(at: 18), potfileUnmatched: s.int(at: 19),
            redacted: s.int(at: 20) != 0)
    }

    /// The accounts of `runID` by ordinal.
    package func accounts(runID: Int64) throws -> [DirectoryAccountRow] {
        let statement = try database.cachedStatement(
            "SELECT \(Self.accountColumns) FROM directory_account WHERE run_id = ?1 ORDER BY ordinal")
        statement.bind([.integer(runID)])
        defer { statement.reset() }
        var rows: [DirectoryAccountRow] = []
        while try statement.step() {
            let s = statement
            func optional(_ index: Int32) -> Int? { s.isNull(at: index) ? nil : s.int(at: index) }
            rows.append(
                DirectoryAccountRow(
                    ordinal: s.int(at: 0), username: s.string(at: 1) ?? "",
                    rid: s.isNull(at: 2) ? nil : s.int64(at: 2),
                    ntFingerprint: Fingerprint(bytes: s.blob(at: 3) ?? []) ?? Fingerprint(filling: { _ in }),
                    findings: s.int(at: 4), sharedWith: s.int(at: 5), sharedGroup: optional(6),
                    breachCount: s.int(at: 7), groups: DirectoryAccountRow.groups(fromText: s.string(at: 8)),
                    passwordLastSetAt: s.string(at: 9), candidateLine: optional(10), passwordLength: optional(11)))
        }
        return rows
    }
}
