import AuditRepositories
import CSQLite

/// A prepared SQLite statement: bind parameters by 1-based index, `step`, read columns, `reset`.
///
/// Follows <https://www.sqlite.org/cintro.html> (prepare, bind, step, reset, finalize). Finalized in `deinit`.
/// Get one from `Database.makeStatement(_:)` or, for SQL run repeatedly, `Database.cachedStatement(_:)`.
/// Not `Sendable`: use it on the connection's thread only.
package final class Statement {
    /// The raw `sqlite3_stmt*`.
    let handle: OpaquePointer
    /// The SQL text the statement was prepared from.
    package let sql: String
    /// The connection's `sqlite3*`; `sqlite3_close_v2` keeps it alive while this statement exists.
    private let connection: OpaquePointer
    private let path: String
    /// The owning database, for evicting a failed statement from its cache; weak to avoid a retain cycle.
    private weak var database: Database?

    init(database: Database, sql: String) throws(SQLiteError) {
        var handle: OpaquePointer?
        // https://www.sqlite.org/c3ref/prepare.html
        let code = sqlite3_prepare_v3(database.handle, sql, -1, 0, &handle, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_finalize(handle)
            throw database.error(code: code, sql: sql)
        }
        self.handle = handle
        self.sql = sql
        self.connection = database.handle
        self.path = database.path
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    // MARK: Binding (https://www.sqlite.org/c3ref/bind_blob.html)

    /// Binds a 64-bit integer to the 1-based parameter `index`.
    package func bind(_ value: Int64, at index: Int32) {
        check(sqlite3_bind_int64(handle, index, value), index)
    }

    /// Binds an `Int` to the 1-based parameter `index`.
    package func bind(_ value: Int, at index: Int32) { bind(Int64(value), at: index) }

    /// Binds a double to the 1-based parameter `index`.
    package func bind(_ value: Double, at index: Int32) {
        check(sqlite3_bind_double(handle, index, value), index)
    }

    /// Binds UTF-8 text (copied by SQLite), or NULL when `value` is nil.
    package func bind(_ value: String?, at index: Int32) {
        guard var value else { return bindNull(at: index) }
        let code = value.withUTF8 { utf8 -> Int32 in
            guard let base = utf8.baseAddress, utf8.count > 0 else {
                return sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
            }
            return base.withMemoryRebound(to: CChar.self, capacity: utf8.count) {
                sqlite3_bind_text(handle, index, $0, Int32(utf8.count), sqliteTransient)
            }
        }
        check(code, index)
    }

    /// Binds a blob (copied by SQLite); an empty buffer binds a zero-length blob, not NULL.
    package func bind(blob bytes: UnsafeRawBufferPointer, at index: Int32) {
        let code: Int32
        if let base = bytes.baseAddress, bytes.count > 0 {
            code = sqlite3_bind_blob(handle, index, base, Int32(bytes.count), sqliteTransient)
        } else {
            code = sqlite3_bind_zeroblob(handle, index, 0)
        }
        check(code, index)
    }

    /// Binds a blob from a byte array, or NULL when `bytes` is nil.
    package func bind(blob bytes: [UInt8]?, at index: Int32) {
        guard let bytes else { return bindNull(at: index) }
        bytes.withUnsafeBytes { bind(blob: $0, at: index) }
    }

    /// Binds UTF-8 text without copying it (`SQLITE_STATIC`), for bulk inserts that bind many rows from one buffer.
    ///
    /// The bytes must stay valid and unchanged until the parameter is bound again or the bindings are cleared
    /// (`reset(clearBindings: true)`); clear them before the buffer goes.
    package func bind(borrowedText bytes: UnsafeRawBufferPointer, at index: Int32) {
        let base = bytes.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start)
        check(
            sqlite3_bind_text(handle, index, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil),
            index)
    }

    /// Binds a non-empty blob without copying it (`SQLITE_STATIC`), under the rules of `bind(borrowedText:at:)`.
    package func bind(borrowedBlob bytes: UnsafeRawBufferPointer, at index: Int32) {
        precondition(bytes.count > 0, "a borrowed blob must not be empty")
        check(sqlite3_bind_blob(handle, index, bytes.baseAddress, Int32(bytes.count), nil), index)
    }

    /// Binds SQL NULL.
    package func bindNull(at index: Int32) { check(sqlite3_bind_null(handle, index), index) }

    /// Binds `values` to parameters `first`, `first + 1`, … (`nil` binds NULL); convenient for non-hot paths.
    package func bind(_ values: [SQLValue], from first: Int32 = 1) {
        for (offset, value) in values.enumerated() {
            let index = first + Int32(offset)
            switch value {
            case .integer(let integer): bind(integer, at: index)
            case .real(let real): bind(real, at: index)
            case .text(let text): bind(text, at: index)
            case .blob(let blob): bind(blob: blob, at: index)
            case .null: bindNull(at: index)
            }
        }
    }

    private func check(_ code: Int32, _ index: Int32) {
        // A bind fails only on programmer error (bad index, misuse); the message never includes the value.
        precondition(code == SQLITE_OK, "sqlite3_bind failed with code \(code) for parameter \(index) of: \(sql)")
    }

    // MARK: Stepping (https://www.sqlite.org/c3ref/step.html)

    /// Advances to the next row; returns `true` if a row is available, `false` when done.
    /// - Throws: `SQLiteError` (the statement is then reset and, if cached, evicted from the cache).
    @discardableResult
    package func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteError(connection: connection, code: code, sql: sql, path: path)
            sqlite3_reset(handle)
            database?.evictCachedStatement(sql)
            throw error
        }
    }

    /// Runs the statement to completion and resets it, keeping the bindings.
    package func execute() throws(SQLiteError) {
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Resets the statement so it can run again; bindings are kept unless `clearBindings` is true.
    package func reset(clearBindings: Bool = false) {
        sqlite3_reset(handle)
        if clearBindings { sqlite3_clear_bindings(handle) }
    }

    // MARK: Columns (https://www.sqlite.org/c3ref/column_blob.html), 0-based

    /// Whether column `index` of the current row is NULL.
    package func isNull(at index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    /// Column `index` as a 64-bit integer (0 for NULL).
    package func int64(at index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// Column `index` as an `Int` (0 for NULL).
    package func int(at index: Int32) -> Int { Int(sqlite3_column_int64(handle, index)) }

    /// Column `index` as a double (0 for NULL).
    package func double(at index: Int32) -> Double { sqlite3_column_double(handle, index) }

    /// Column `index` as text, or nil for NULL.
    package func string(at index: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Column `index` as bytes, or nil for NULL.
    package func blob(at index: Int32) -> [UInt8]? {
        if isNull(at: index) { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let base = sqlite3_column_blob(handle, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: base, count: count))
    }
}

/// `SQLITE_TRANSIENT`: SQLite copies bound text and blobs before the bind call returns.
let sqliteTransient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
