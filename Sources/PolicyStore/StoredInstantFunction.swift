import AuditTime
import CSQLite

/// `pwaudit_stored_instant(text)`, the SQL function with which migration 0009 rewrites the times an older pwaudit
/// stored as given: the canonical UTC text (`UTCInstant`, the import's own parser) of a date or of a date-time with a
/// zone, and NULL for anything else — what the import of schemas 1–8 counted as `time: invalid`, date-times without a
/// zone included (they were counted invalid in their run's summaries, so they stay undated).
///
/// Registered by the migrator on its connection (<https://www.sqlite.org/c3ref/create_function.html>): deterministic,
/// and direct-only, so no view or trigger can name it (a database opened elsewhere has no such function).
enum StoredInstantFunction {
    /// The function's SQL name.
    static let name = "pwaudit_stored_instant"

    /// Registers the function on `database`.
    /// - Throws: `SQLiteError` when SQLite refuses it.
    static func register(on database: Database) throws(SQLiteError) {
        let code = sqlite3_create_function_v2(
            database.handle, name, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_DIRECTONLY, nil,
            { context, _, arguments in
                guard let value = arguments?[0], sqlite3_value_type(value) == SQLITE_TEXT,
                    let text = sqlite3_value_text(value)
                else { return sqlite3_result_null(context) }
                let bytes = UnsafeRawBufferPointer(start: text, count: Int(sqlite3_value_bytes(value)))
                guard let reading = UTCInstant.read(bytes), reading.zoneGiven || reading.isDate else {
                    return sqlite3_result_null(context)
                }
                reading.instant.withCanonicalText { canonical in
                    sqlite3_result_text(
                        context, canonical.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(canonical.count),
                        sqliteTransient)
                }
            }, nil, nil, nil)
        guard code == SQLITE_OK else {
            throw SQLiteError(connection: database.handle, code: code, sql: nil, path: database.path)
        }
    }
}
