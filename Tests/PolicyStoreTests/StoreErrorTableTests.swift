import AuditCrypto
import AuditRepositories
import ExitStatus
import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyStore

/// Issue 11, item 5: every case of every error type of the store (and of the crypto helpers) has its exit code and
/// its user message; codes are the README's table, messages as before.
@Suite("Store errors: exit code and message of every case")
struct StoreErrorTableTests {
    /// One case: the error, its exit code (as the README's table numbers it) and its message.
    typealias Row = (error: any UserFacingError & Sendable, code: Int32, message: String)

    static let runs: [Row] = [
        (
            PolicyStoreError.runLockFailed(id: 7, reason: "Permission denied"), 74,
            "cannot lock the database file for import run 7 (Permission denied); check that it is writable"
        )
    ]

    static let keys: [Row] = [
        (
            FingerprintKeyError.missing(path: "a.key"), 66,
            "The fingerprint key a.key is missing; run `pwaudit init` for a new database, or restore the key that "
                + "belongs to this database."
        ),
        (
            FingerprintKeyError.wrongSize(path: "a.key", bytes: 31), 65,
            "The fingerprint key a.key is 31 bytes long instead of 32; restore the original key file."
        ),
        (
            FingerprintKeyError.unreadable(path: "a.key", reason: "Permission denied"), 74,
            "The fingerprint key a.key cannot be read (Permission denied); check its permissions."
        ),
        (
            FingerprintKeyError.danglingSymlink(path: "a.key", target: "/gone/a.key"), 66,
            "The fingerprint key a.key is a symbolic link to /gone/a.key, which does not exist; restore the key "
                + "there, or remove the link (then 'pwaudit init' creates a new key for a new database)."
        ),
        (
            FingerprintKeyError.notRegularFile(path: "/dev/zero", kind: "a character device"), 65,
            "The fingerprint key /dev/zero is a character device, not a regular file; a key is a 32-byte file of its "
                + "own: pass its path with --key-file."
        ),
        (
            FingerprintKeyError.alreadyExists(path: "a.key"), 65,
            "A fingerprint key already exists at a.key; it was left untouched."
        ),
        (
            FingerprintKeyError.unwritable(path: "a.key", reason: "Read-only file system"), 74,
            "The fingerprint key a.key cannot be written (Read-only file system); check that the directory is "
                + "writable."
        ),
        (
            FingerprintKeyError.doesNotMatchDatabase(path: "a.key"), 65,
            "The fingerprint key a.key is not the key this database was used with (its key check value differs), and "
                + "the database holds candidates fingerprinted with that other key; pass the right --key-file."
        ),
        (
            FingerprintKeyError.randomUnavailable, 74,
            "The system random number generator is unavailable; check that /dev/urandom is readable."
        ),
        (
            CryptoError.randomUnavailable, 74,
            "The system random number generator is unavailable; check that /dev/urandom is readable."
        ),
        (
            CryptoError.wrongKeyLength(bytes: 31, expected: 32), 65,
            "The key is 31 bytes long but must be exactly 32 bytes."
        ),
    ]

    static let migrations: [Row] = [
        (
            MigrationError.databaseNewerThanBinary(found: 9, supported: 5), 65,
            "This database was migrated by a newer pwaudit (schema 9; this binary knows up to 5). Upgrade pwaudit."
        ),
        (
            MigrationError.checksumMismatch(version: 2, name: "0002_runs"), 65,
            "Migration 0002_runs (version 2) applied to this database differs from the one in this binary; a landed "
                + "migration was edited — restore migrations/0002_runs.sql and add a new migration instead."
        ),
        (
            MigrationError.foreignDatabase(tableCount: 0), 65,
            "This file is empty, not a pwaudit database; create one with 'pwaudit init'."
        ),
        (
            MigrationError.foreignDatabase(tableCount: 2), 65,
            "This is not a pwaudit database (an SQLite file with 2 table(s) of another application and no pwaudit "
                + "schema); pwaudit leaves it untouched: check the --db path."
        ),
        (
            MigrationError.databaseOlderThanBinary(found: 3, supported: 5), 65,
            "This database has pwaudit schema 3; this binary needs schema 5 and read-only commands never migrate: run "
                + "'pwaudit init' (or any write command) on it once, with write access."
        ),
        (
            MigrationError.migrationFailed(
                version: 4, name: "0004_x", underlying: SQLiteError(extendedCode: 1, message: "no such table: t")),
            65, "Migration 0004_x (version 4) failed and was rolled back: no such table: t."
        ),
    ]

    /// `QueryError` (AuditRepositories): one refusal error for both stores' `query`, the same words on each.
    static let queries: [Row] = [
        (QueryError.empty, 65, "the query is empty; give one SELECT statement"),
        (
            QueryError.refused(action: "INSERT into candidate"), 65,
            "refused: INSERT into candidate; 'pwaudit query' only reads (one SELECT or WITH … SELECT statement; what "
                + "else each store allows and refuses is in docs/queries.md)"
        ),
        (
            QueryError.trailingStatement, 65,
            "refused: more than one statement; 'pwaudit query' runs exactly one (remove the text after the first ';')"
        ),
        (
            QueryError.privilegedRole(
                role: "audit_writer", reason: "may write to pwaudit's tables (candidate)", reader: "audit_reader"), 77,
            "refused: 'pwaudit query' does not run as \"audit_writer\", which may write to pwaudit's tables (candidate); "
                + "connect as the database's reader role \"audit_reader\" (pwaudit init creates it), which may only "
                + "read the v_* views"
        ),
        (
            QueryError.permissionDenied(
                role: "audit_reader", message: "permission denied for table candidate", reader: "audit_reader"), 77,
            "refused: permission denied for table candidate to role \"audit_reader\"; the reader role \"audit_reader\" "
                + "may read only the v_* views (docs/queries.md)"
        ),
        (
            QueryError.timedOut(seconds: 30), 65,
            "the query was stopped after the time limit of 30 s; raise it with --timeout SECONDS or narrow the query "
                + "(docs/queries.md)"
        ),
        (
            QueryError.valueTooLong(bytes: 8 << 20), 65,
            "the query was stopped: a value would be longer than the limit of 8 MiB; narrow the query to shorter "
                + "values (docs/queries.md)"
        ),
        (
            QueryError.outOfMemory(bytes: 512 << 20), 65,
            "the query was stopped: it needed more memory than the limit of 512 MiB; narrow the query or aggregate "
                + "fewer long values at once (docs/queries.md)"
        ),
        (
            QueryError.outOfTemporarySpace, 65,
            "the query was stopped: it needed more temporary space on the server than its role may use "
                + "(temp_file_limit); narrow the query or aggregate less at once (docs/queries.md)"
        ),
        (
            QueryError.invalid(message: "no such table: t"), 65,
            "the query is not valid SQL for this database: no such table: t"
        ),
        (QueryError.failed(message: "interrupted"), 65, "the query failed: interrupted"),
        (
            QueryError.missingParameter(name: "run"), 64,
            "the query uses :run and no value was given for it; add --param run=VALUE"
        ),
        (
            QueryError.unusedParameter(name: "rnu", used: ["run", "label"]), 64,
            "--param rnu is not used by the query, which uses :run, :label"
        ),
        (
            QueryError.unusedParameter(name: "run", used: []), 64,
            "--param run is not used by the query, which has no :NAME parameter"
        ),
        (
            QueryError.unsupportedParameter(text: "?"), 64,
            "the query has the parameter '?'; with --param, write parameters as :NAME"
        ),
    ]

    /// `SQLiteError` is a struct: one row per branch of its code and message.
    static let sqlite: [Row] = [
        (
            SQLiteError(extendedCode: 26, message: "file is not a database", path: "a.db"), 65,
            "a.db is not a pwaudit database (SQLITE_NOTADB: file is not a database); check the --db path or move the "
                + "file away."
        ),
        (
            SQLiteError(extendedCode: 11, message: "database disk image is malformed"), 65,
            "The database is corrupt (SQLITE_CORRUPT: database disk image is malformed); restore it from a backup."
        ),
        (
            SQLiteError(extendedCode: 14, message: "unable to open database file", path: "/x/a.db"), 74,
            "Cannot open /x/a.db (SQLITE_CANTOPEN: unable to open database file); check that the directory exists and "
                + "is writable."
        ),
        (
            SQLiteError(
                extendedCode: 2067, message: "UNIQUE constraint failed: t.x", sql: "INSERT INTO t (x)\n  VALUES (?)",
                path: "a.db"), 74,
            "SQLite error 2067 (SQLITE_CONSTRAINT): UNIQUE constraint failed: t.x [a.db] — in SQL: INSERT INTO t (x) "
                + "VALUES (?)"
        ),
        (
            SQLiteError(extendedCode: 13, message: "database or disk is full"), 74,
            "SQLite error 13 (SQLITE_FULL): database or disk is full"
        ),
        // Two imports at once: it used to print "SQLite error 5 (SQLITE_BUSY): database is locked … BEGIN IMMEDIATE".
        (
            SQLiteError(extendedCode: 5, message: "database is locked", sql: "BEGIN IMMEDIATE", path: "/x/a.db"), 74,
            "the database /x/a.db is busy: another process held its write lock longer than pwaudit waits; try again "
                + "when that process (an import, a prune, a runs delete) has finished"
        ),
        // Issue 20: it used to print the raw code and the whole INSERT.
        (
            SQLiteError(
                extendedCode: 8, message: "attempt to write a readonly database",
                sql: "INSERT INTO import_run (id) VALUES (?1)", path: "/x/a.db"), 74,
            "cannot write to the database /x/a.db: it is read-only to this user; check the permissions of the file "
                + "and of its directory (SQLite writes a journal beside it)"
        ),
    ]

    @Test(
        "each case's code and message", arguments: [runs, keys, migrations, queries, sqlite].joined().map { $0 as Row })
    func row(error: any UserFacingError & Sendable, code: Int32, message: String) {
        #expect(error.exitCode.rawValue == code, "\(type(of: error))")
        #expect(error.userMessage == message)
        #expect("\(error)" == message, "interpolation prints the user message")
    }

    @Test(
        "every case the enum declares is in the table",
        arguments: [
            ("PolicyStoreError", "PolicyStore/PolicyStoreError.swift"),
            ("FingerprintKeyError", "AuditCrypto/FingerprintKeyError.swift"),
            ("MigrationError", "PolicyStore/MigrationError.swift"), ("CryptoError", "AuditCrypto/CryptoError.swift"),
            ("QueryError", "AuditRepositories/QueryError.swift"),
        ]
    )
    func coverage(type: String, file: String) throws {
        let rows = [Self.runs, Self.keys, Self.migrations, Self.queries].joined()
        let (names, declared) = try ErrorTableCoverage.cases(of: type, in: rows.map(\.error), declaredIn: file)
        #expect(declared > 0)
        #expect(names.count == declared, "\(type) declares \(declared) cases; the table has \(names.sorted())")
    }
}
