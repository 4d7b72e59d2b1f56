import AuditRepositories
import CSQLite

/// Runs one user-written, read-only SQL statement on a connection (`pwaudit query`), under a `QueryAuthorizer` and a
/// time limit.
///
/// The statement is compiled with the authorizer installed, so a write, an `ATTACH`, a pragma that changes state, a
/// temporary object or `load_extension` fails at `sqlite3_prepare_v3` (<https://www.sqlite.org/c3ref/prepare.html>)
/// before anything runs; `sqlite3_stmt_readonly` is checked as well. Only one statement is accepted: the text after
/// it may hold comments and blanks, nothing SQLite would compile. The connection is expected to be read-only too
/// (`AuditWorkspace.openReadOnly`): the authorizer is the rule, the read-only file the backstop.
package struct SQLiteQueryRunner: QueryRunner {
    private let database: Database
    /// The page cache of a query's connection: 128 MiB.
    static let cacheKibibytes = 131_072

    /// A runner on `database`'s connection.
    package init(database: Database) { self.database = database }

    /// Compiles and runs `sql`, stopping it after `timeoutSeconds`.
    /// - Returns: The column names and every row.
    /// - Throws: `QueryError`.
    package func run(_ sql: String, timeoutSeconds: Double) throws(QueryError) -> QueryRows {
        // A connection setting, not the file's: a query that looks candidates up by id (an account's last one)
        // reads each 64 KiB page once instead of once per row.
        try? database.execute("PRAGMA cache_size = -\(Self.cacheKibibytes)")
        let authorizer = QueryAuthorizer(seconds: timeoutSeconds)
        let handle = database.handle
        return try authorizer.installed(on: handle) { () throws(QueryError) -> QueryRows in
            let statement = try prepare(sql, authorizer: authorizer, handle: handle)
            defer { sqlite3_finalize(statement) }
            return try rows(of: statement, authorizer: authorizer, timeoutSeconds: timeoutSeconds, handle: handle)
        }
    }

    private func prepare(_ sql: String, authorizer: QueryAuthorizer, handle: OpaquePointer) throws(QueryError)
        -> OpaquePointer
    {
        let utf8 = Array(sql.utf8) + [0]
        return try utf8.withUnsafeBufferPointer { buffer throws(QueryError) -> OpaquePointer in
            let start = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(handle, start, Int32(buffer.count - 1), 0, &statement, &tail)
            guard code == SQLITE_OK else {
                sqlite3_finalize(statement)
                if let refusal = authorizer.refusal { throw .refused(action: refusal) }
                throw .invalid(message: String(cString: sqlite3_errmsg(handle)))
            }
            guard let statement else { throw .empty }
            if let tail, tail.pointee != 0 {
                // Compile what follows with every action denied: nothing of it can run, and a statement there,
                // whether SQLite accepts it, refuses it or cannot parse it, is one statement too many.
                authorizer.deniesEverything = true
                var next: OpaquePointer?
                let nextCode = sqlite3_prepare_v3(handle, tail, -1, 0, &next, nil)
                sqlite3_finalize(next)
                authorizer.deniesEverything = false
                if nextCode != SQLITE_OK || next != nil {
                    sqlite3_finalize(statement)
                    throw .trailingStatement
                }
            }
            if let refusal = authorizer.refusal {
                sqlite3_finalize(statement)
                throw .refused(action: refusal)
            }
            guard sqlite3_stmt_readonly(statement) != 0 else {
                sqlite3_finalize(statement)
                throw .refused(action: "a statement that writes (VACUUM, or another SQLite does not call read-only)")
            }
            return statement
        }
    }

    private func rows(
        of statement: OpaquePointer, authorizer: QueryAuthorizer, timeoutSeconds: Double, handle: OpaquePointer
    ) throws(QueryError) -> QueryRows {
        let count = sqlite3_column_count(statement)
        let columns = (0..<count).map { String(cString: sqlite3_column_name(statement, $0)) }
        var rows: [[SQLValue]] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                if authorizer.didTimeOut { throw .timedOut(seconds: timeoutSeconds) }
                if let refusal = authorizer.refusal { throw .refused(action: refusal) }
                throw .failed(message: String(cString: sqlite3_errmsg(handle)))
            }
            rows.append((0..<count).map { value(of: statement, at: $0) })
        }
        return QueryRows(columns: columns, rows: rows)
    }

    private func value(of statement: OpaquePointer, at index: Int32) -> SQLValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(statement, index) else { return .text("") }
            let bytes = Int(sqlite3_column_bytes(statement, index))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: bytes), as: UTF8.self))
        case SQLITE_BLOB:
            let bytes = Int(sqlite3_column_bytes(statement, index))
            guard bytes > 0, let base = sqlite3_column_blob(statement, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: base, count: bytes)))
        default: return .null
        }
    }
}
