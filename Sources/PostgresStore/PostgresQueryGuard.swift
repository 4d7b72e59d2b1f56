/// The checks `pwaudit query` makes of a statement's text before PostgreSQL sees it: what a `READ ONLY` transaction
/// would still allow.
///
/// The text is split into tokens as PostgreSQL's lexer would (comments, `'…'`, `E'…'` and `$tag$…$tag$` literals
/// skipped; `"…"` identifiers unquoted), so a name inside a string or a comment is not taken for a call. Then:
/// - the statement must begin (after any `(`) with `SELECT`, `WITH`, `VALUES` or `TABLE`: `SET`, `SET ROLE`,
///   `COPY … TO`, `BEGIN`, `LOCK`, `DO`, `CREATE TEMP …` (which a read-only transaction allows) and every other command
///   are refused by name;
/// - `INTO` anywhere is refused (`SELECT … INTO TEMP t` creates a table even in a read-only transaction);
/// - a name among `refusedNames`, or starting with one of `refusedPrefixes`, is refused wherever it appears:
///   functions that change settings (`set_config`), take advisory locks, read or write the server's files
///   (`pg_read_file`, `lo_export`), reach other servers (`dblink`), signal other sessions, or run SQL given as text
///   (`query_to_xml`, `ts_stat`);
/// - nothing may follow the first `;` but comments.
/// The server then runs the statement over the extended protocol (which refuses a second statement by itself) inside
/// `BEGIN READ ONLY`, which refuses every write, `nextval`, `SELECT … FOR UPDATE` and `NOTIFY`.
enum PostgresQueryGuard {
    /// The first words a statement may begin with.
    static let allowedFirstWords: Set<String> = ["select", "with", "values", "table"]
    /// Names refused wherever they appear.
    static let refusedNames: Set<String> = [
        "set_config", "pg_notify", "pg_terminate_backend", "pg_cancel_backend", "pg_reload_conf", "pg_rotate_logfile",
        "pg_promote", "pg_switch_wal", "pg_create_restore_point", "pg_logical_emit_message", "pg_stat_file",
        "pg_file_write", "pg_file_rename", "pg_file_unlink", "pg_import_system_collations", "ts_stat", "loread",
        "lowrite", "txid_current", "pg_current_xact_id", "load_extension",
    ]
    /// Name prefixes refused wherever they appear.
    static let refusedPrefixes = [
        "pg_advisory_", "pg_try_advisory_", "lo_", "dblink", "pg_read_", "pg_ls_", "pg_stat_reset", "pg_replication_",
        "pg_create_", "pg_drop_", "pg_copy_", "pg_wal_replay_", "query_to_xml", "cursor_to_xml", "table_to_xml",
        "schema_to_xml", "database_to_xml", "pragma_",
    ]

    /// A token: a word (lowercased unless it was quoted), or one character of punctuation.
    enum Token: Equatable {
        case word(String)
        case punctuation(Character)
    }

    /// Refuses what a read-only transaction would still run.
    static func check(_ sql: String) throws(PostgresQueryError) {
        let tokens = self.tokens(sql)
        guard let firstWord = tokens.first(where: { $0 != .punctuation("(") }) else { throw .empty }
        guard case .word(let first) = firstWord, allowedFirstWords.contains(first) else {
            if case .word(let first) = firstWord { throw .refused(action: first.uppercased()) }
            throw .refused(action: "a statement that is not a SELECT")
        }
        if let semicolon = tokens.firstIndex(of: .punctuation(";")), semicolon < tokens.count - 1 {
            throw .trailingStatement
        }
        for case .word(let word) in tokens {
            if word == "into" { throw .refused(action: "SELECT INTO (it creates a table)") }
            if refusedNames.contains(word) || refusedPrefixes.contains(where: { word.hasPrefix($0) }) {
                throw .refused(action: "function \(word)")
            }
        }
    }

    /// The tokens of `sql`, literals and comments left out.
    static func tokens(_ sql: String) -> [Token] {
        let text = Array(sql.unicodeScalars)
        var tokens: [Token] = []
        var index = 0
        func at(_ offset: Int) -> Unicode.Scalar? { index + offset < text.count ? text[index + offset] : nil }
        while index < text.count {
            let scalar = text[index]
            if scalar.properties.isWhitespace {
                index += 1
            } else if scalar == "-", at(1) == "-" {
                while index < text.count, text[index] != "\n" { index += 1 }
            } else if scalar == "/", at(1) == "*" {
                var depth = 0
                repeat {
                    if text[index] == "/", at(1) == "*" {
                        depth += 1
                        index += 2
                    } else if text[index] == "*", at(1) == "/" {
                        depth -= 1
                        index += 2
                    } else {
                        index += 1
                    }
                } while depth > 0 && index < text.count
            } else if scalar == "'" || ((scalar == "e" || scalar == "E") && at(1) == "'") {
                let escapes = scalar != "'"
                index += escapes ? 2 : 1
                while index < text.count {
                    if escapes, text[index] == "\\" {
                        index += 2
                    } else if text[index] == "'" {
                        if at(1) == "'" { index += 2 } else { break }
                    } else {
                        index += 1
                    }
                }
                index += 1
            } else if scalar == "\"" {
                var word = ""
                index += 1
                while index < text.count {
                    if text[index] == "\"" {
                        if at(1) == "\"" {
                            word.unicodeScalars.append("\"")
                            index += 2
                            continue
                        }
                        break
                    }
                    word.unicodeScalars.append(text[index])
                    index += 1
                }
                index += 1
                tokens.append(.word(word.lowercased()))
            } else if scalar == "$", let tag = dollarTag(text, from: index) {
                index += tag.count
                while index < text.count, !matches(text, tag, at: index) { index += 1 }
                index += tag.count
            } else if isWordStart(scalar) {
                var word = ""
                while index < text.count,
                    isWordStart(text[index]) || ("0"..."9").contains(text[index])
                        || text[index] == "$"
                {
                    word.unicodeScalars.append(text[index])
                    index += 1
                }
                tokens.append(.word(word.lowercased()))
            } else {
                tokens.append(.punctuation(Character(scalar)))
                index += 1
            }
        }
        return tokens
    }

    private static func isWordStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || scalar.value >= 0x80
    }

    /// `$tag$` starting at `start`, or nil when the `$` there opens none (a `$1` parameter, say).
    private static func dollarTag(_ text: [Unicode.Scalar], from start: Int) -> [Unicode.Scalar]? {
        var end = start + 1
        while end < text.count, text[end] != "$" {
            guard isWordStart(text[end]) || (end > start + 1 && ("0"..."9").contains(text[end])) else { return nil }
            end += 1
        }
        guard end < text.count else { return nil }
        return Array(text[start...end])
    }

    private static func matches(_ text: [Unicode.Scalar], _ tag: [Unicode.Scalar], at index: Int) -> Bool {
        index + tag.count <= text.count && Array(text[index..<index + tag.count]) == tag
    }
}
