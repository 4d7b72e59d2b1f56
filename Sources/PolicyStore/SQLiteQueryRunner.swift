import AuditRepositories
import CSQLite

/// Runs one user-written, read-only SQL statement on a connection (`pwaudit query`), under a `QueryAuthorizer` and
/// `QueryLimits`, handing each row on as SQLite steps to it.
///
/// The statement is compiled with the authorizer installed, so a write, an `ATTACH`, a pragma that changes state, a
/// temporary object or `load_extension` fails at `sqlite3_prepare_v3` (<https://www.sqlite.org/c3ref/prepare.html>)
/// before anything runs; `sqlite3_stmt_readonly` is checked as well. Only one statement is accepted: the text after
/// it may hold comments and blanks, nothing SQLite would compile. The connection is expected to be read-only too
/// (`AuditWorkspace.openReadOnly`): the authorizer is the rule, the read-only file the backstop.
///
/// While it runs, the deadline is looked at every `QueryAuthorizer.progressInterval` virtual machine steps, no text or
/// blob may grow past `maximumValueBytes` (`SQLITE_LIMIT_LENGTH`, <https://www.sqlite.org/c3ref/limit.html>), so no
/// one step runs long unchecked, and, when the limits carry `memoryBytes`, SQLite's process-wide heap limits are set
/// for the query's duration (<https://www.sqlite.org/c3ref/hard_heap_limit64.html>): the soft one at half, so the
/// page cache gives memory back first, the hard one at the limit, past which an allocation fails (`SQLITE_NOMEM`).
package struct SQLiteQueryRunner: QueryRunner {
    private let database: Database
    /// The page cache of a query's connection: 128 MiB.
    static let cacheKibibytes = 131_072

    /// A runner on `database`'s connection.
    package init(database: Database) { self.database = database }

    /// Compiles and runs `sql` within `limits`, handing `receiver` the columns and then each row.
    /// - Throws: `QueryError`, or what `receiver` threw.
    package func run(
        _ sql: String, parameters: QueryParameters, limits: QueryLimits, into receiver: any QueryRowReceiver
    ) throws {
        // A connection setting, not the file's: a query that looks candidates up by id (an account's last one)
        // reads each 64 KiB page once instead of once per row.
        try? database.execute("PRAGMA cache_size = -\(Self.cacheKibibytes)")
        let handle = database.handle
        let length = sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, Int32(clamping: limits.maximumValueBytes))
        defer { sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, length) }
        let heap = limits.memoryBytes.map { bytes in
            (soft: sqlite3_soft_heap_limit64(bytes / 2), hard: sqlite3_hard_heap_limit64(bytes))
        }
        defer {
            if let heap {
                sqlite3_hard_heap_limit64(heap.hard)
                sqlite3_soft_heap_limit64(heap.soft)
            }
        }
        let authorizer = QueryAuthorizer(deadline: limits.deadline)
        try authorizer.installed(on: handle) {
            let statement = try prepare(sql, authorizer: authorizer, handle: handle)
            defer { sqlite3_finalize(statement) }
            try bind(parameters, to: statement)
            try step(statement, limits: limits, authorizer: authorizer, handle: handle, into: receiver)
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

    /// Binds each `:NAME` parameter of `statement` to its value: a value that is an integer's canonical decimal text
    /// (`42`, `-7`; not `007` or `+1`) as that integer, any other as text, so `WHERE run_id = :run` and
    /// `WHERE label = :label` both compare as written.
    /// - Throws: `QueryError` for a parameter written otherwise than `:NAME`, one without a value, a value not used.
    private func bind(_ parameters: QueryParameters, to statement: OpaquePointer) throws(QueryError) {
        let count = sqlite3_bind_parameter_count(statement)
        var names: [String] = []
        var positions: [String: [Int32]] = [:]
        for position in 0..<count {
            // A parameter given twice (`:run … :run`) has one index: named once here.
            guard let raw = sqlite3_bind_parameter_name(statement, position + 1) else {
                throw .unsupportedParameter(text: "?")
            }
            let text = String(cString: raw)
            let name = String(text.dropFirst())
            guard text.hasPrefix(":"), QueryParameters.isName(name) else { throw .unsupportedParameter(text: text) }
            if positions[name] == nil { names.append(name) }
            positions[name, default: []].append(position + 1)
        }
        let values = try parameters.values(for: names)
        for (name, value) in zip(names, values) {
            for position in positions[name] ?? [] {
                if let integer = Int64(value), String(integer) == value {
                    sqlite3_bind_int64(statement, position, integer)
                } else {
                    sqlite3_bind_text(statement, position, value, -1, sqliteTransient)
                }
            }
        }
    }

    private func step(
        _ statement: OpaquePointer, limits: QueryLimits, authorizer: QueryAuthorizer, handle: OpaquePointer,
        into receiver: any QueryRowReceiver
    ) throws {
        let count = sqlite3_column_count(statement)
        try receiver.receive(columns: (0..<count).map { String(cString: sqlite3_column_name(statement, $0)) })
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                if authorizer.didTimeOut { throw QueryError.timedOut(seconds: limits.deadline.seconds) }
                if let refusal = authorizer.refusal { throw QueryError.refused(action: refusal) }
                switch code & 0xFF {
                case SQLITE_TOOBIG: throw QueryError.valueTooLong(bytes: limits.maximumValueBytes)
                case SQLITE_NOMEM where limits.memoryBytes != nil:
                    throw QueryError.outOfMemory(bytes: limits.memoryBytes ?? 0)
                default: throw QueryError.failed(message: String(cString: sqlite3_errmsg(handle)))
                }
            }
            try receiver.receive(row: (0..<count).map { value(of: statement, at: $0) })
            // The receiver's work (rendering a long value) counts too, and runs outside the progress handler.
            if limits.deadline.hasPassed { throw QueryError.timedOut(seconds: limits.deadline.seconds) }
        }
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
