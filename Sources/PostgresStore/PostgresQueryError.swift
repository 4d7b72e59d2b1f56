import ExitStatus

/// Why `pwaudit query` did not run a user's SQL on PostgreSQL, or stopped it.
package enum PostgresQueryError: Error, Equatable, UserFacingError {
    /// The text holds no statement.
    case empty
    /// The statement asks for something other than reading; `action` names it (`CREATE`, `function set_config`,
    /// `a statement that writes`).
    case refused(action: String)
    /// More than one statement.
    case trailingStatement
    /// The statement ran longer than the time limit (the server's `statement_timeout`, or the deadline between rows).
    case timedOut(seconds: Double)
    /// A value of the result is longer than `bytes`.
    case valueTooLong(bytes: Int)
    /// The server could not parse or plan the statement (syntax, unknown table or column); `message` is the server's.
    case invalid(message: String)
    /// The server failed while running it; `message` is the server's.
    case failed(message: String)

    /// Every case is bad input (65), as on SQLite: the SQL is the data.
    package var exitCode: ExitCode {
        switch self {
        case .empty, .refused, .trailingStatement, .timedOut, .valueTooLong, .invalid, .failed: .dataError
        }
    }

    /// One sentence saying what was refused or went wrong and what to do.
    package var userMessage: String {
        switch self {
        case .empty: "the query is empty; give one SELECT statement"
        case .refused(let action):
            "refused: \(action); 'pwaudit query' only reads (SELECT, WITH … SELECT, VALUES, TABLE), in a read-only "
                + "transaction"
        case .trailingStatement:
            "refused: more than one statement; 'pwaudit query' runs exactly one (remove the text after the first ';')"
        case .timedOut(let seconds):
            "the query was stopped after the time limit of \(seconds) s; raise it with --timeout SECONDS or narrow the "
                + "query (docs/queries.md)"
        case .valueTooLong(let bytes):
            "the query was stopped: a value would be longer than the limit of \(bytes) bytes; narrow the query to "
                + "shorter values (docs/queries.md)"
        case .invalid(let message): "the query is not valid SQL for this database: \(message)"
        case .failed(let message): "the query failed: \(message)"
        }
    }
}
