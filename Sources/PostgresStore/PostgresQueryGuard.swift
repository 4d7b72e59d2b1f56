import AuditRepositories

/// The statement check of `pwaudit query` on PostgreSQL: a token scan, before anything is sent, that refuses what a
/// `READ ONLY` transaction would still run (a `SET`, `set_config`, an advisory lock, `COPY … TO`, `LISTEN`, `DO`,
/// `CALL`, large objects, reading the server's files, `dblink`, …) and a second statement.
///
/// It is a scan, not a parse, and honest about it: it splits the text into PostgreSQL's tokens as the server's lexer
/// does (<https://www.postgresql.org/docs/current/sql-syntax-lexical.html>: `--` and nested `/* */` comments, `'…'`,
/// `E'…'` and `$tag$…$tag$` strings, `"…"` identifiers), skipping what is inside strings and comments, and then
/// requires the first word to be `SELECT`, `WITH`, `VALUES`, `TABLE` or a `(`, refuses `INSERT INTO`, `DELETE FROM`,
/// `MERGE INTO`, `UPDATE` (other than `FOR [NO KEY] UPDATE`), `SELECT … INTO`, and any word (bare, or quoted as the
/// server resolves it, case and all) that names a refused function (`refusedFunctions`, `refusedPrefixes`), wherever it
/// appears (`pg_catalog.set_config` too). It does not know which words are functions, so a column or alias named like
/// one is refused as well (name it otherwise).
///
/// It is one of three layers: the reader role holds no right but `SELECT` on the views (and, where a superuser set
/// it up, no `EXECUTE` on the lock, large-object and snapshot functions), the transaction is `READ ONLY`, and the
/// extended protocol the runner sends the text by refuses a second statement on the server's own parse.
package enum PostgresQueryGuard {
    /// Functions refused by name: they change the session, take locks, reach files or other servers, run SQL given as
    /// text (which the scan cannot see into), or act on other sessions; and SQLite's `load_extension`, so the two
    /// stores refuse the same list.
    package static let refusedFunctions: Set<String> = [
        "set_config", "pg_read_file", "pg_read_binary_file", "pg_stat_file", "pg_notify", "pg_export_snapshot",
        "pg_terminate_backend", "pg_cancel_backend", "pg_reload_conf", "pg_rotate_logfile", "pg_promote",
        "pg_log_backend_memory_contexts", "pg_import_system_collations", "loread", "lowrite", "query_to_xml",
        "query_to_xmlschema", "query_to_xml_and_xmlschema", "cursor_to_xml", "cursor_to_xmlschema", "ts_stat",
        "pg_current_xact_id", "pg_current_xact_id_if_assigned", "pg_file_write", "pg_file_rename", "pg_file_unlink",
        "pg_file_sync", "pg_create_restore_point", "pg_logical_emit_message", "load_extension",
    ]

    /// Prefixes of refused function names: advisory locks, large objects, directory listings, `dblink`, transaction
    /// ids, `*_to_xml` over tables, schemas and databases, replication and backup control, statistics resets; and
    /// SQLite's `pragma_*` functions.
    package static let refusedPrefixes = [
        "pg_advisory_", "pg_try_advisory_", "lo_", "pg_ls_", "dblink", "txid_", "table_to_xml", "schema_to_xml",
        "database_to_xml", "pg_logical_", "pg_replication_", "pg_create_", "pg_drop_replication", "pg_switch_wal",
        "pg_backup_", "pg_start_backup", "pg_stop_backup", "pg_wal_replay_", "pg_stat_reset", "pg_copy_", "pragma_",
    ]

    /// First words that begin a statement that only reads.
    static let readingStarts: Set<String> = ["select", "with", "values", "table"]

    /// Checks `sql` and throws why it is refused, if it is.
    /// - Throws: `QueryError.empty`, `.trailingStatement` or `.refused(action:)`.
    package static func check(_ sql: String) throws(QueryError) {
        let tokens = try PostgresSQLTokenizer.tokens(of: sql)
        var statement = tokens[...]
        if let end = tokens.firstIndex(where: { $0 == .symbol(";") }) {
            statement = tokens[..<end]
            if tokens[(end + 1)...].contains(where: { $0 != .symbol(";") }) { throw .trailingStatement }
        }
        guard let first = statement.first else { throw .empty }
        switch first {
        case .symbol("("): break
        case .word(let word) where readingStarts.contains(word): break
        case .word(let word): throw .refused(action: word.uppercased() + " statements")
        default: throw .refused(action: "a statement that does not begin with SELECT")
        }
        var previous: PostgresSQLTokenizer.Token?
        var beforePrevious: PostgresSQLTokenizer.Token?
        for token in statement {
            if case .word(let word) = token, let action = refusedWord(word, after: previous, beforeThat: beforePrevious)
            {
                throw .refused(action: action)
            }
            if case .quotedIdentifier(let name) = token, let function = refusedFunction(name) {
                throw .refused(action: "function \(function)")
            }
            if case .word(let word) = previous, let action = refusedPair(word, then: token) {
                throw .refused(action: action)
            }
            beforePrevious = previous
            previous = token
        }
    }

    /// The function `name` if it is refused, else nil.
    static func refusedFunction(_ name: String) -> String? {
        refusedFunctions.contains(name) || refusedPrefixes.contains(where: name.hasPrefix) ? name : nil
    }

    /// What a bare word refuses, given the two tokens before it.
    private static func refusedWord(
        _ word: String, after previous: PostgresSQLTokenizer.Token?, beforeThat: PostgresSQLTokenizer.Token?
    ) -> String? {
        if let function = refusedFunction(word) { return "function \(function)" }
        switch word {
        case "update":
            // FOR UPDATE and FOR NO KEY UPDATE lock rows: the read-only transaction refuses them, with its own error.
            if previous == .word("for") || (previous == .word("key") && beforeThat == .word("no")) { return nil }
            return "UPDATE"
        case "into":
            if previous == .word("insert") { return "INSERT" }
            if previous == .word("merge") { return "MERGE" }
            return "SELECT … INTO (it creates a table)"
        default: return nil
        }
    }

    /// What a word followed by `next` refuses.
    private static func refusedPair(_ word: String, then next: PostgresSQLTokenizer.Token) -> String? {
        word == "delete" && next == .word("from") ? "DELETE" : nil
    }
}
