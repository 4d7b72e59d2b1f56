import ExitStatus

/// Why `pwaudit query` did not run a user's SQL, or stopped it.
package enum QueryError: Equatable, UserFacingError {
    /// The text holds no statement.
    case empty
    /// The statement asks for something other than reading; `action` names it (`INSERT into candidate`,
    /// `PRAGMA journal_mode`, `function load_extension`).
    case refused(action: String)
    /// More than one statement, or text after the first that is not a comment.
    case trailingStatement
    /// The statement ran longer than the time limit.
    case timedOut(seconds: Double)
    /// The statement read or made a text or blob longer than `bytes` (`SQLITE_TOOBIG`).
    case valueTooLong(bytes: Int)
    /// The statement needed more memory than the query's limit of `bytes` (`SQLITE_NOMEM` under the heap limit).
    case outOfMemory(bytes: Int64)
    /// SQLite could not prepare the statement (syntax, unknown table or column); `message` is SQLite's.
    case invalid(message: String)
    /// SQLite failed while running it; `message` is SQLite's.
    case failed(message: String)

    /// Every case is bad input (65): the SQL is the data; a stopped query too (time, value length, memory), since
    /// running it again as written stops again.
    package var exitCode: ExitCode {
        switch self {
        case .empty, .refused, .trailingStatement, .timedOut, .valueTooLong, .outOfMemory, .invalid, .failed:
            .dataError
        }
    }

    /// One sentence saying what was refused or went wrong and what to do.
    package var userMessage: String {
        switch self {
        case .empty:
            "the query is empty; give one SELECT statement"
        case .refused(let action):
            "refused: \(action); 'pwaudit query' only reads (SELECT, WITH … SELECT, and PRAGMA table_info, "
                + "table_xinfo, index_list, index_info, index_xinfo, foreign_key_list)"
        case .trailingStatement:
            "refused: more than one statement; 'pwaudit query' runs exactly one (remove the text after the first ';')"
        case .timedOut(let seconds):
            "the query was stopped after the time limit of \(Self.seconds(seconds)) s; raise it with --timeout SECONDS "
                + "or narrow the query (docs/queries.md)"
        case .valueTooLong(let bytes):
            "the query was stopped: a text or blob would be longer than the limit of \(Self.size(Int64(bytes))); "
                + "narrow the query to shorter values (docs/queries.md)"
        case .outOfMemory(let bytes):
            "the query was stopped: it needed more memory than the limit of \(Self.size(bytes)); narrow the query "
                + "or aggregate fewer long values at once (docs/queries.md)"
        case .invalid(let message):
            "the query is not valid SQL for this database: \(message)"
        case .failed(let message):
            "the query failed: \(message)"
        }
    }

    /// `bytes` in MiB when a whole number of them, else in bytes.
    private static func size(_ bytes: Int64) -> String {
        bytes > 0 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e15 ? String(Int64(value)) : String(value)
    }
}
