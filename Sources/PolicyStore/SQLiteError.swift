import CSQLite
import ExitStatus

/// A failed SQLite call: the extended result code, SQLite's message and the SQL text, never a bound value.
///
/// Bound values may be secrets (usernames, fingerprints), so neither this type nor its `description` carries them.
/// Result codes: <https://www.sqlite.org/rescode.html>.
package struct SQLiteError: Equatable, UserFacingError {
    /// The extended result code (`sqlite3_extended_errcode`), e.g. 2067 for `SQLITE_CONSTRAINT_UNIQUE`.
    package let extendedCode: Int32
    /// SQLite's English message (`sqlite3_errmsg`); it names tables and columns, not values.
    package let message: String
    /// The SQL text that failed, if a statement was involved.
    package let sql: String?
    /// The database file involved, if known (`":memory:"` for in-memory databases).
    package let path: String?

    /// Creates an error from its parts.
    package init(extendedCode: Int32, message: String, sql: String? = nil, path: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.path = path
    }

    /// Builds an error from a connection's state after a call returned `code`.
    init(connection: OpaquePointer, code: Int32, sql: String?, path: String?) {
        let extended = sqlite3_extended_errcode(connection)
        self.init(
            extendedCode: extended & 0xFF == code & 0xFF ? extended : code,
            message: String(cString: sqlite3_errmsg(connection)), sql: sql, path: path)
    }

    /// The primary result code (low byte of the extended code), e.g. `SQLITE_CONSTRAINT` (19).
    package var primaryCode: Int32 { extendedCode & 0xFF }

    /// The file is not an SQLite database (`SQLITE_NOTADB`): wrong file, garbage, or an encrypted database.
    package var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB }
    /// The database image is malformed (`SQLITE_CORRUPT`), e.g. a truncated file.
    package var isCorrupt: Bool { primaryCode == SQLITE_CORRUPT }
    /// A constraint (UNIQUE, CHECK, FOREIGN KEY, NOT NULL, trigger RAISE) rejected the change.
    package var isConstraintViolation: Bool { primaryCode == SQLITE_CONSTRAINT }
    /// A read-only connection could not use a WAL database's `-shm` (`SQLITE_READONLY_CANTINIT`, `_RECOVERY`,
    /// `_DIRECTORY`, `_CANTLOCK`).
    package var isReadOnlyWAL: Bool {
        // SQLITE_READONLY | n << 8 (https://www.sqlite.org/rescode.html#readonly_cantinit): n = 1, 2, 5, 6.
        [264, 520, 1288, 1544].contains(extendedCode)
    }

    /// The primary code's symbolic name, e.g. `SQLITE_NOTADB`, for the codes pwaudit meets; others by number.
    package var codeName: String {
        switch primaryCode {
        case SQLITE_ERROR: "SQLITE_ERROR"
        case SQLITE_PERM: "SQLITE_PERM"
        case SQLITE_BUSY: "SQLITE_BUSY"
        case SQLITE_LOCKED: "SQLITE_LOCKED"
        case SQLITE_READONLY: "SQLITE_READONLY"
        case SQLITE_IOERR: "SQLITE_IOERR"
        case SQLITE_CORRUPT: "SQLITE_CORRUPT"
        case SQLITE_FULL: "SQLITE_FULL"
        case SQLITE_CANTOPEN: "SQLITE_CANTOPEN"
        case SQLITE_CONSTRAINT: "SQLITE_CONSTRAINT"
        case SQLITE_MISMATCH: "SQLITE_MISMATCH"
        case SQLITE_MISUSE: "SQLITE_MISUSE"
        case SQLITE_NOTADB: "SQLITE_NOTADB"
        default: "SQLite code \(primaryCode)"
        }
    }

    /// Bad data (65) for a file that is not a database or is corrupt; an I/O error (74) for every other failure.
    package var exitCode: ExitCode {
        isNotADatabase || isCorrupt ? .dataError : .ioError
    }

    /// One line: what failed, where, and (for file problems) what to do; the SQL text only where it tells what failed
    /// (not for a read-only database, where every write fails alike).
    package var userMessage: String {
        var text: String
        switch primaryCode {
        case SQLITE_NOTADB:
            text =
                "\(path ?? "The file") is not a pwaudit database (SQLITE_NOTADB: \(message)); "
                + "check the --db path or move the file away."
        case SQLITE_CORRUPT:
            text = "\(path ?? "The database") is corrupt (SQLITE_CORRUPT: \(message)); restore it from a backup."
        case SQLITE_CANTOPEN:
            text =
                "Cannot open \(path ?? "the database") (SQLITE_CANTOPEN: \(message)); "
                + "check that the directory exists and is writable."
        case SQLITE_BUSY:
            return "the database \(path ?? "file") is busy: another process held its write lock longer than pwaudit "
                + "waits; try again when that process (an import, a prune, a runs delete) has finished"
        case SQLITE_READONLY:
            // The statement is of no help here: any write fails alike (https://www.sqlite.org/rescode.html#readonly).
            return "cannot write to the database \(path ?? "file"): it is read-only to this user; check the "
                + "permissions of the file and of its directory (SQLite writes a journal beside it)"
        default:
            text = "SQLite error \(extendedCode) (\(codeName)): \(message)"
            if let path { text += " [\(path)]" }
        }
        if let sql { text += " — in SQL: \(Self.oneLine(sql))" }
        return text
    }

    /// Collapses whitespace and cuts long SQL so the description stays on one line.
    private static func oneLine(_ sql: String, limit: Int = 160) -> String {
        let words = sql.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        let joined = words.joined(separator: " ")
        return joined.count > limit ? String(joined.prefix(limit)) + "…" : joined
    }
}
