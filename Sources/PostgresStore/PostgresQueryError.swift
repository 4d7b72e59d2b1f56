import ExitStatus

/// Why `pwaudit query` on PostgreSQL did not run a user's SQL, or stopped it.
///
/// The SQL is the data, so its refusals are bad input (65), as on SQLite; running as a role that may do more than
/// read, or reading what the role may not, is a permission error (77, `EX_NOPERM`).
package enum PostgresQueryError: Error, Equatable, UserFacingError {
    /// The text holds no statement.
    case empty
    /// The statement asks for something other than reading; `action` names it (`SET statements`,
    /// `function pg_advisory_lock`).
    case refused(action: String)
    /// More than one statement.
    case trailingStatement
    /// The connected role may do more than read: `role` is its name, `reason` what it may do, `reader` the role to
    /// connect as instead.
    case privilegedRole(role: String, reason: String, reader: String)
    /// The server refused the role something (SQLSTATE 42501): `message` is its primary message.
    case permissionDenied(role: String, message: String, reader: String)
    /// The statement ran longer than the time limit.
    case timedOut(seconds: Double)
    /// The statement produced a value longer than `bytes`.
    case valueTooLong(bytes: Int)
    /// The statement needed more temporary file space than the server allows the role (`temp_file_limit`).
    case outOfTemporarySpace
    /// The server could not parse or plan the statement (syntax, unknown table or column); `message` is its own.
    case invalid(message: String)
    /// The server failed while running it; `message` is its primary message.
    case failed(message: String)

    /// 77 for a role that may do more than read or may not read this; 65 for every other case (the SQL is the data).
    package var exitCode: ExitCode {
        switch self {
        case .privilegedRole, .permissionDenied: .noPermission
        case .empty, .refused, .trailingStatement, .timedOut, .valueTooLong, .outOfTemporarySpace, .invalid, .failed:
            .dataError
        }
    }

    /// One sentence saying what was refused or went wrong and what to do.
    package var userMessage: String {
        switch self {
        case .empty:
            "the query is empty; give one SELECT statement"
        case .refused(let action):
            "refused: \(action); 'pwaudit query' only reads (one SELECT, WITH … SELECT, VALUES or TABLE statement, "
                + "without SET, locks, COPY, large objects, server files or dblink)"
        case .trailingStatement:
            "refused: more than one statement; 'pwaudit query' runs exactly one (remove the text after the first ';')"
        case .privilegedRole(let role, let reason, let reader):
            "refused: 'pwaudit query' does not run as \(PostgresRoles.quoted(role)), which \(reason); connect as the "
                + "database's reader role \(PostgresRoles.quoted(reader)) (pwaudit init creates it), which may only "
                + "read the v_* views"
        case .permissionDenied(let role, let message, let reader):
            "refused: \(message) to role \(PostgresRoles.quoted(role)); the reader role "
                + "\(PostgresRoles.quoted(reader)) may read only the v_* views (docs/queries.md)"
        case .timedOut(let seconds):
            "the query was stopped after the time limit of \(Self.seconds(seconds)) s; raise it with --timeout SECONDS "
                + "or narrow the query (docs/queries.md)"
        case .valueTooLong(let bytes):
            "the query was stopped: a value would be longer than the limit of \(Self.size(bytes)); narrow the query to "
                + "shorter values (docs/queries.md)"
        case .outOfTemporarySpace:
            "the query was stopped: it needed more temporary space on the server than its role may use "
                + "(temp_file_limit); narrow the query or aggregate less at once (docs/queries.md)"
        case .invalid(let message):
            "the query is not valid SQL for this database: \(message)"
        case .failed(let message):
            "the query failed: \(message)"
        }
    }

    private static func size(_ bytes: Int) -> String {
        bytes > 0 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e15 ? String(Int64(value)) : String(value)
    }
}
