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
    /// SQLite could not prepare the statement (syntax, unknown table or column); `message` is SQLite's.
    case invalid(message: String)
    /// SQLite failed while running it; `message` is SQLite's.
    case failed(message: String)

    /// Every case is bad input (65): the SQL is the data; a stopped query too, since running it again as written
    /// stops again.
    package var exitCode: ExitCode {
        switch self {
        case .empty, .refused, .trailingStatement, .timedOut, .invalid, .failed: .dataError
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
        case .invalid(let message):
            "the query is not valid SQL for this database: \(message)"
        case .failed(let message):
            "the query failed: \(message)"
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e15 ? String(Int64(value)) : String(value)
    }
}
