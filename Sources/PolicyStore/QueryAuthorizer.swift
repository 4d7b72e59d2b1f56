import AuditRepositories
import CSQLite

/// The SQLite authorizer and progress handler of `pwaudit query`: allows reading only, and stops a statement at a
/// deadline.
///
/// Installed with `sqlite3_set_authorizer` (<https://www.sqlite.org/c3ref/set_authorizer.html>), SQLite asks it about
/// every action while it compiles a statement, so what a statement may do is decided from SQLite's own parse, never
/// from the text. Allowed: `SQLITE_SELECT`, `SQLITE_READ`, `SQLITE_RECURSIVE`, `SQLITE_FUNCTION` except the functions
/// in `refusedFunctions`, `SQLITE_PRAGMA` for the schema-reading pragmas in `allowedPragmas` (whatever their
/// argument, they change nothing; the same names as table-valued `pragma_…()` functions), and the UPDATE of the schema
/// table that a table-valued function (`json_each`, `json_tree`, `dbstat`) asks for as it is first declared, which
/// writes nothing. Everything else is denied — writes (also inside a `WITH`), `CREATE` (temporary
/// objects too), `DROP`, `ALTER`, `ATTACH` (which `VACUUM INTO` is, to SQLite), `DETACH`, transactions, savepoints,
/// `ANALYZE`, `REINDEX`, virtual tables, every other pragma — and the first refusal is kept for the error message.
///
/// The progress handler (<https://www.sqlite.org/c3ref/progress_handler.html>) runs every `progressInterval` virtual
/// machine steps and interrupts the statement once the monotonic clock passes the deadline.
final class QueryAuthorizer {
    /// Functions with side effects outside the query: loading code, registering tokenizers, touching files.
    static let refusedFunctions: Set<String> = ["load_extension", "fts3_tokenizer", "readfile", "writefile", "edit"]
    /// Pragmas that only describe the schema; any other pragma, with or without a value, is refused.
    static let allowedPragmas: Set<String> = [
        "table_info", "table_xinfo", "index_list", "index_info", "index_xinfo", "foreign_key_list",
    ]
    /// Virtual machine steps between two looks at the clock: about one per row of a scan, so that a row whose step
    /// works on a long value (a `randomblob` of the length limit takes a tenth of a second) overruns the deadline by
    /// a row or two, not by hundreds. The look costs up to about a tenth of the tightest loop's time (a recursive
    /// count of 10,000,000 rows on a busy machine: 3.4 and 3.1 s of CPU, the sqlite3 shell 3.2 and 2.3 s).
    static let progressInterval: Int32 = 16

    /// What the first refused action was, in words (`INSERT into candidate`): the first one naming a statement, else
    /// the first write of the schema table (which `CREATE`, `DROP` and `ANALYZE` ask for before the action that
    /// names them). A statement is refused whenever this is set, even if it compiled.
    var refusal: String? { statementRefusal ?? schemaRefusal }
    private var statementRefusal: String?
    private var schemaRefusal: String?
    private static let schemaTables: Set<String> = [
        "sqlite_master", "sqlite_temp_master", "sqlite_schema", "sqlite_temp_schema",
    ]
    /// True once the progress handler interrupted the statement at the deadline.
    private(set) var didTimeOut = false
    /// When set, every action is denied without being recorded: the check that no second statement follows.
    var deniesEverything = false
    private let deadline: QueryDeadline

    /// An authorizer whose progress handler stops statements once `deadline` has passed.
    init(deadline: QueryDeadline) { self.deadline = deadline }

    /// Installs the authorizer and the progress handler on `handle` for the duration of `body`, then removes both.
    func installed<T>(on handle: OpaquePointer, _ body: () throws -> T) rethrows -> T {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_set_authorizer(handle, queryAuthorize, context)
        sqlite3_progress_handler(handle, Self.progressInterval, queryProgress, context)
        defer {
            sqlite3_progress_handler(handle, 0, nil, nil)
            sqlite3_set_authorizer(handle, nil, nil)
            withExtendedLifetime(self) {}
        }
        return try body()
    }

    /// The decision for one action (`SQLITE_OK` or `SQLITE_DENY`).
    fileprivate func authorize(_ action: Int32, _ first: String?, _ second: String?) -> Int32 {
        if deniesEverything { return SQLITE_DENY }
        switch action {
        case SQLITE_SELECT, SQLITE_READ, SQLITE_RECURSIVE:
            return SQLITE_OK
        case SQLITE_FUNCTION:
            if let name = second, Self.refusedFunctions.contains(name.lowercased()) {
                return deny("function \(name)")
            }
            return SQLITE_OK
        case SQLITE_PRAGMA:
            let name = (first ?? "").lowercased()
            if Self.allowedPragmas.contains(name) { return SQLITE_OK }
            return deny(second == nil ? "PRAGMA \(name)" : "PRAGMA \(name) = …")
        case SQLITE_UPDATE where Self.isSchemaTable(first):
            // What SQLite asks when a connection first uses an eponymous virtual table (a table-valued function:
            // json_each, json_tree, pragma_table_info, dbstat), as it declares the table: nothing is written. A real
            // UPDATE of the schema table does not compile without writable_schema, and would not be read-only.
            return SQLITE_OK
        case SQLITE_INSERT where Self.isSchemaTable(first), SQLITE_DELETE where Self.isSchemaTable(first):
            // Allowed for now so that SQLite goes on to the action that names the statement (CREATE t, DROP t),
            // which is denied; a statement that compiles with only this is refused after compiling (`refusal`).
            if schemaRefusal == nil { schemaRefusal = "\(Self.describe(action, first, second)) (a schema change)" }
            return SQLITE_OK
        default:
            return deny(Self.describe(action, first, second))
        }
    }

    /// Whether `table` is one of the schema tables a schema change writes (`schemaTables`).
    private static func isSchemaTable(_ table: String?) -> Bool { table.map(schemaTables.contains) ?? false }

    private func deny(_ description: String) -> Int32 {
        if statementRefusal == nil { statementRefusal = description }
        return SQLITE_DENY
    }

    /// True (interrupt) once the deadline has passed.
    fileprivate func hasExpired() -> Bool {
        guard deadline.hasPassed else { return false }
        didTimeOut = true
        return true
    }

    /// A refused action in words, with the object SQLite names (a table, index or view name, never a value).
    private static func describe(_ action: Int32, _ first: String?, _ second: String?) -> String {
        let object = first.map { " \($0)" } ?? ""
        switch action {
        case SQLITE_INSERT: return "INSERT into\(object)"
        case SQLITE_UPDATE: return "UPDATE of\(object)"
        case SQLITE_DELETE: return "DELETE from\(object)"
        case SQLITE_CREATE_TABLE, SQLITE_CREATE_INDEX, SQLITE_CREATE_VIEW, SQLITE_CREATE_TRIGGER:
            return "CREATE\(object)"
        case SQLITE_CREATE_TEMP_TABLE, SQLITE_CREATE_TEMP_INDEX, SQLITE_CREATE_TEMP_VIEW, SQLITE_CREATE_TEMP_TRIGGER:
            return "CREATE TEMP\(object)"
        case SQLITE_CREATE_VTABLE: return "CREATE VIRTUAL TABLE\(object)"
        case SQLITE_DROP_TABLE, SQLITE_DROP_INDEX, SQLITE_DROP_VIEW, SQLITE_DROP_TRIGGER, SQLITE_DROP_VTABLE:
            return "DROP\(object)"
        case SQLITE_DROP_TEMP_TABLE, SQLITE_DROP_TEMP_INDEX, SQLITE_DROP_TEMP_VIEW, SQLITE_DROP_TEMP_TRIGGER:
            return "DROP TEMP\(object)"
        case SQLITE_ALTER_TABLE: return "ALTER TABLE\(second.map { " \($0)" } ?? "")"
        case SQLITE_ATTACH: return "ATTACH of another database file (ATTACH, VACUUM INTO)"
        case SQLITE_DETACH: return "DETACH"
        case SQLITE_TRANSACTION: return "transaction control (\(first ?? "BEGIN"))"
        case SQLITE_SAVEPOINT: return "SAVEPOINT"
        case SQLITE_ANALYZE: return "ANALYZE"
        case SQLITE_REINDEX: return "REINDEX"
        default: return "SQLite action \(action)"
        }
    }
}

/// The C authorizer: forwards to the `QueryAuthorizer` in `context`.
private func queryAuthorize(
    _ context: UnsafeMutableRawPointer?, _ action: Int32, _ first: UnsafePointer<CChar>?,
    _ second: UnsafePointer<CChar>?, _ database: UnsafePointer<CChar>?, _ trigger: UnsafePointer<CChar>?
) -> Int32 {
    guard let context else { return SQLITE_DENY }
    let authorizer = Unmanaged<QueryAuthorizer>.fromOpaque(context).takeUnretainedValue()
    return authorizer.authorize(action, first.map { String(cString: $0) }, second.map { String(cString: $0) })
}

/// The C progress handler: non-zero interrupts the statement.
private func queryProgress(_ context: UnsafeMutableRawPointer?) -> Int32 {
    guard let context else { return 1 }
    return Unmanaged<QueryAuthorizer>.fromOpaque(context).takeUnretainedValue().hasExpired() ? 1 : 0
}
