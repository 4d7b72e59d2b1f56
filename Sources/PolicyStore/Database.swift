import AuditRepositories
import CSQLite
import LibC

/// One SQLite connection: opens, configures and owns a `sqlite3*`, with a cache of prepared statements.
///
/// Opening follows <https://www.sqlite.org/c3ref/open.html> (`sqlite3_open_v2` with `SQLITE_OPEN_NOMUTEX`:
/// the connection belongs to one thread at a time, hence not `Sendable`). It then enables extended result codes,
/// `PRAGMA foreign_keys = ON` (<https://www.sqlite.org/foreignkeys.html>), a busy timeout and, for files,
/// `journal_mode = WAL` with `synchronous = NORMAL` and `wal_autocheckpoint` (`walCheckpointPages`)
/// (<https://www.sqlite.org/wal.html>) and, for new files, `page_size` (`pageSize`). A file that is not a
/// database is detected here and reported as `SQLiteError` with `SQLITE_NOTADB` or `SQLITE_CORRUPT`.
///
/// A new database file is created with mode 0600 before SQLite opens it; SQLite gives its `-wal` and `-shm`
/// files the same permissions.
///
/// `.readOnly` opens with `SQLITE_OPEN_READONLY`, which works on a read-only file and while another process writes;
/// in a directory this process may not write, where SQLite cannot create the WAL's `-shm`, it falls back to
/// `immutable=1` when no `-wal` holds changes.
package final class Database {
    /// How a connection opens its file.
    package enum Mode: Sendable {
        /// Read and write; create the file (mode 0600) if it is missing.
        case readWriteCreate
        /// Read and write an existing file only.
        case readWrite
        /// Read only; the file must exist.
        case readOnly
    }

    /// The page size of new database files: 64 KiB, SQLite's largest. An import appends millions of rows, which SQLite
    /// writes twice (WAL, then checkpoint) one page per system call; 64 KiB pages cut those calls sixteenfold and
    /// measured ~10% off a 1M-row import against the 4 KiB default. An empty database is 1.5 MB.
    package static let pageSize = 65_536
    /// WAL pages after which a commit checkpoints: 8 MiB of 64 KiB pages (SQLite's default of 1,000 pages assumes
    /// 4 KiB ones). An import's checkpoints then run on its writer thread as it goes, and closing the database
    /// copies at most a few MiB back: measured ~5% off a 1M-row import against the default.
    package static let walCheckpointPages = 128

    /// The raw `sqlite3*` handle.
    let handle: OpaquePointer
    /// The file path, or `":memory:"`.
    package let path: String
    /// Whether this connection was opened read-only.
    package let isReadOnly: Bool
    private var statementCache: [String: Statement] = [:]

    /// Opens (and if needed creates) the database at `path`.
    /// - Parameters:
    ///   - path: A file path, or `":memory:"` for a private in-memory database.
    ///   - mode: Whether to create, write or only read.
    ///   - busyTimeoutMilliseconds: How long to wait for another connection's lock (`sqlite3_busy_timeout`).
    /// - Throws: `SQLiteError` if the file cannot be opened or is not a valid database; the handle is closed.
    package init(path: String, mode: Mode = .readWriteCreate, busyTimeoutMilliseconds: Int32 = 5_000)
        throws(SQLiteError)
    {
        let isMemory = path == ":memory:"
        if mode == .readWriteCreate && !isMemory { try Self.createPrivateFile(at: path) }
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        switch mode {
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        }
        var handle = try Self.openHandle(path, flags: flags, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        if mode == .readOnly && !isMemory {
            // A read-only connection to a WAL database needs a -shm it can map. In a directory it may not write, with
            // no -shm there, SQLite cannot open it (https://www.sqlite.org/wal.html#readonly); if no -wal holds
            // changes either, nothing can be writing it, so the file is opened as immutable instead.
            do throws(SQLiteError) {
                try Self.readSchema(handle, path: path)
            } catch {
                guard Self.canOpenImmutable(path), error.primaryCode == SQLITE_CANTOPEN || error.isReadOnlyWAL else {
                    sqlite3_close_v2(handle)
                    throw error
                }
                sqlite3_close_v2(handle)
                handle = try Self.openHandle(
                    Self.immutableURI(path), flags: flags | SQLITE_OPEN_URI,
                    busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            }
        }
        self.handle = handle
        self.path = path
        self.isReadOnly = mode == .readOnly
        // If configuration fails (NOTADB, CORRUPT), `deinit` closes the handle as `self` is released.
        try configure(isMemory: isMemory, mayCreate: mode == .readWriteCreate)
    }

    private static func openHandle(_ name: String, flags: Int32, busyTimeoutMilliseconds: Int32) throws(SQLiteError)
        -> OpaquePointer
    {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(name, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            let extended = handle.map { sqlite3_extended_errcode($0) } ?? code
            sqlite3_close_v2(handle)  // "closes even when opening fails": a failed open may still allocate a handle
            throw SQLiteError(extendedCode: extended, message: message, path: name)
        }
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        return handle
    }

    /// Reads the schema, which makes SQLite open the file (and, in WAL mode, its -shm).
    private static func readSchema(_ handle: OpaquePointer, path: String) throws(SQLiteError) {
        let code = sqlite3_exec(handle, "SELECT count(*) FROM sqlite_schema", nil, nil, nil)
        if code != SQLITE_OK { throw SQLiteError(connection: handle, code: code, sql: nil, path: path) }
    }

    /// True when `path`'s directory is not writable by this process and no non-empty `-wal` lies beside it.
    private static func canOpenImmutable(_ path: String) -> Bool {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        guard access(directory, W_OK) != 0 else { return false }
        var info = stat()
        return stat(path + "-wal", &info) != 0 || info.st_size == 0
    }

    /// `file:` URI for `path` with `immutable=1` (https://www.sqlite.org/uri.html).
    private static func immutableURI(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x21, 0x7F...:
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            default: encoded.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return "file:\(encoded)?immutable=1"
    }

    /// Opens a private, empty in-memory database (no WAL, nothing on disk).
    package static func inMemory() throws(SQLiteError) -> Database {
        try Database(path: ":memory:")
    }

    deinit {
        statementCache.removeAll()
        // close_v2 defers the close until any statement still alive elsewhere is finalized.
        sqlite3_close_v2(handle)
    }

    private func configure(isMemory: Bool, mayCreate: Bool) throws(SQLiteError) {
        try execute("PRAGMA foreign_keys = ON")
        // Reading the schema forces SQLite to read and validate the file header: garbage → SQLITE_NOTADB.
        let objects = try makeStatement("SELECT count(*) FROM sqlite_schema")
        _ = try objects.step()
        let isEmpty = objects.int(at: 0) == 0
        objects.reset()  // a stepped statement keeps a read transaction open, and WAL cannot be entered inside one
        if !isMemory && !isReadOnly {
            // Page size and WAL change the file, so only a database being created gets them: never an existing file
            // (someone else's database must stay byte for byte as it was until pwaudit has recognised it).
            if mayCreate && isEmpty {
                try execute("PRAGMA page_size = \(Self.pageSize)")
                try execute("PRAGMA journal_mode = WAL")
            }
            // Per connection: they change nothing in the file.
            try execute("PRAGMA synchronous = NORMAL")
            try execute("PRAGMA wal_autocheckpoint = \(Self.walCheckpointPages)")
        }
    }

    /// Creates `path` with mode 0600 if it does not exist, so the database is private from its first byte.
    private static func createPrivateFile(at path: String) throws(SQLiteError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
            return
        }
        let code = errno
        if code == EEXIST { return }
        throw SQLiteError(
            extendedCode: SQLITE_CANTOPEN, message: SystemCall.describe(code), path: path)
    }

    // MARK: Running SQL

    /// Runs one or more SQL statements that take no parameters (`sqlite3_exec`), e.g. DDL or PRAGMAs.
    /// <https://www.sqlite.org/c3ref/exec.html>
    package func execute(_ sql: String) throws(SQLiteError) {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if code != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(errorMessage)
            throw SQLiteError(extendedCode: sqlite3_extended_errcode(handle), message: message, sql: sql, path: path)
        }
    }

    /// Runs one parameterised statement with `values` bound to `?1`, `?2`, … (cached by SQL text).
    package func execute(_ sql: String, _ values: [SQLValue]) throws(SQLiteError) {
        let statement = try cachedStatement(sql)
        statement.bind(values)
        try statement.execute()
    }

    /// Prepares a new statement that the caller owns.
    package func makeStatement(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// Returns the statement for `sql` from this connection's cache, reset with cleared bindings, preparing it once.
    ///
    /// A statement whose `step` fails is evicted, so the next call prepares it afresh.
    package func cachedStatement(_ sql: String) throws(SQLiteError) -> Statement {
        if let statement = statementCache[sql] {
            statement.reset(clearBindings: true)
            return statement
        }
        let statement = try Statement(database: self, sql: sql)
        statementCache[sql] = statement
        return statement
    }

    func evictCachedStatement(_ sql: String) {
        statementCache[sql] = nil
    }

    /// The rowid of the most recent successful INSERT on this connection.
    package var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    package var changes: Int { Int(sqlite3_changes64(handle)) }

    /// Whether a transaction is open (autocommit is off).
    package var isInsideTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Builds an `SQLiteError` from the connection's current error state.
    func error(code: Int32, sql: String?) -> SQLiteError {
        SQLiteError(connection: handle, code: code, sql: sql, path: path)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
