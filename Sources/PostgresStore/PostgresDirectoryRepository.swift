import AuditCrypto
import AuditRepositories

/// Directory audits on PostgreSQL (`run_directory_summary`, `directory_account`, migrations/postgresql/0015_directory_audit.sql
/// and 0016_directory_account_findings.sql): the same rows as `SQLiteDirectoryRepository`, the accounts
/// written by one `COPY … FROM STDIN`.
package struct PostgresDirectoryRepository: DirectoryRepository {
    private let connection: PostgresConnection

    /// Creates a repository over a migrated database.
    package init(connection: PostgresConnection) { self.connection = connection }

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
        try connection.inTransaction {
            _ = try connection.execute("DELETE FROM directory_account WHERE run_id = $1", [.integer(runID)])
            _ = try connection.execute("DELETE FROM run_directory_summary WHERE run_id = $1", [.integer(runID)])
            try connection.copy("COPY run_directory_summary (run_id, \(Self.summaryColumns)) FROM STDIN") { w in
                let s = summary
                w.add(runID)
                w.add(s.extractName)
                w.add(s.potfileName)
                for count in [
                    s.accounts, s.cracked, s.scored, s.emptyPassword, s.lmHash, s.sharedHash, s.breached,
                    s.breachCorpora, s.linesRead, s.machineAccounts,
                ] { w.add(count) }
                w.add(s.machinesIncluded)
                for count in [
                    s.historyLines, s.withoutNTHash, s.disabledAccounts, s.disabledExcluded, s.malformedLines,
                    s.potfileLines, s.potfileUnmatched,
                ] { w.add(count) }
                w.add(s.redacted)
                try w.endRow()
            }
            guard !accounts.isEmpty else { return }
            try connection.copy("COPY directory_account (run_id, \(Self.accountColumns)) FROM STDIN") { w in
                for row in accounts {
                    w.add(runID)
                    w.add(row.ordinal)
                    w.add(row.username)
                    w.add(row.rid.map { Int($0) })
                    w.add(bytes: row.ntFingerprint.bytes)
                    w.add(row.findings)
                    w.add(row.sharedWith)
                    w.add(row.sharedGroup)
                    w.add(row.breachCount)
                    w.add(row.groupsText)
                    w.add(row.passwordLastSetAt)
                    w.add(row.candidateLine)
                    w.add(row.passwordLength)
                    try w.endRow()
                }
            }
        }
    }

    /// The summary of `runID`, or nil.
    package func summary(runID: Int64) throws -> RunDirectorySummary? {
        guard
            let r = try connection.firstRow(
                "SELECT \(Self.summaryColumns) FROM run_directory_summary WHERE run_id = $1", [.integer(runID)])
        else { return nil }
        return RunDirectorySummary(
            extractName: r.string(at: 0) ?? "", potfileName: r.string(at: 1), accounts: try r.int(at: 2),
            cracked: try r.int(at: 3), scored: try r.int(at: 4), emptyPassword: try r.int(at: 5),
            lmHash: try r.int(at: 6), sharedHash: try r.int(at: 7), breached: try r.int(at: 8),
            breachCorpora: try r.int(at: 9), linesRead: try r.int(at: 10), machineAccounts: try r.int(at: 11),
            machinesIncluded: try r.bool(at: 12), historyLines: try r.int(at: 13), withoutNTHash: try r.int(at: 14),
            disabledAccounts: try r.int(at: 15), disabledExcluded: try r.int(at: 16),
            malformedLines: try r.int(at: 17), potfileLines: try r.int(at: 18), potfileUnmatched: try r.int(at: 19),
            redacted: try r.bool(at: 20))
    }

    /// The accounts of `runID` by ordinal.
    package func accounts(runID: Int64) throws -> [DirectoryAccountRow] {
        var rows: [DirectoryAccountRow] = []
        try connection.forEachRow(
            "SELECT \(Self.accountColumns) FROM directory_account WHERE run_id = $1 ORDER BY ordinal", [.integer(runID)]
        ) { r in
            func optional(_ index: Int) throws -> Int? { r.isNull(at: index) ? nil : try r.int(at: index) }
            rows.append(
                DirectoryAccountRow(
                    ordinal: try r.int(at: 0), username: r.string(at: 1) ?? "",
                    rid: r.isNull(at: 2) ? nil : try r.int64(at: 2),
                    ntFingerprint: Fingerprint(bytes: try r.blob(at: 3) ?? []) ?? Fingerprint(filling: { _ in }),
                    findings: try r.int(at: 4), sharedWith: try r.int(at: 5), sharedGroup: try optional(6),
                    breachCount: try r.int(at: 7), groups: DirectoryAccountRow.groups(fromText: r.string(at: 8)),
                    passwordLastSetAt: r.string(at: 9).map(PostgresTime.canonical), candidateLine: try optional(10),
                    passwordLength: try optional(11)))
        }
        return rows
    }
}
