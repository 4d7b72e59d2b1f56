import ExitStatus

/// Why `pwaudit query` did not run a user's SQL, or stopped it: one error for every store, with the same words on each.
///
/// The SQL is the data, so its refusals and the limits it hits are bad input (65): running it again as written fails
/// again. Running as a role that may do more than read, or reading what the role may not (a server store's roles), is
/// a permission error (77, `EX_NOPERM`).
package enum QueryError: Error, Equatable, UserFacingError {
    /// The text holds no statement.
    case empty
    /// The statement asks for something other than reading; `action` names it (`INSERT into candidate`,
    /// `PRAGMA journal_mode`, `SET statements`, `function pg_advisory_lock`).
    case refused(action: String)
    /// More than one statement, or text after the first that is not a comment.
    case trailingStatement
    /// The connected role may do more than read: `role` is its name, `reason` what it may do, `reader` the role to
    /// connect as instead.
    case privilegedRole(role: String, reason: String, reader: String)
    /// The store refused the role something: `message` is the store's primary message.
    case permissionDenied(role: String, message: String, reader: String)
    /// The statement ran longer than the time limit.
    case timedOut(seconds: Double)
    /// The statement read or made a value (a text or blob) longer than `bytes`.
    case valueTooLong(bytes: Int)
    /// The statement needed more memory than the query's limit of `bytes`.
    case outOfMemory(bytes: Int64)
    /// The statement needed more temporary file space than the store allows the role (PostgreSQL's `temp_file_limit`).
    case outOfTemporarySpace
    /// The store could not prepare or plan the statement (syntax, unknown table or column); `message` is its own.
    case invalid(message: String)
    /// The store failed while running it; `message` is its own.
    case failed(message: String)
    /// The statement names `:name` and no `--param name=VALUE` gave it a value.
    case missingParameter(name: String)
    /// `--param name=VALUE` was given and the statement has no `:name` (`used` are the ones it has).
    case unusedParameter(name: String, used: [String])
    /// The statement has a parameter written otherwise than `:NAME` (`?`, `?1`, `@x`, `$x`, `$1`).
    case unsupportedParameter(text: String)

    /// 77 for a role that may do more than read or may not read this; 65 for every other case.
    package var exitCode: ExitCode {
        switch self {
        case .privilegedRole, .permissionDenied: .noPermission
        case .empty, .refused, .trailingStatement, .timedOut, .valueTooLong, .outOfMemory, .outOfTemporarySpace,
            .invalid, .failed:
            .dataError
        case .missingParameter, .unusedParameter, .unsupportedParameter: .usage
        }
    }

    /// One sentence saying what was refused or went wrong and what to do.
    package var userMessage: String {
        switch self {
        case .empty:
            "the query is empty; give one SELECT statement"
        case .refused(let action):
            "refused: \(action); 'pwaudit query' only reads (one SELECT or WITH … SELECT statement; what else each "
                + "store allows and refuses is in docs/queries.md)"
        case .trailingStatement:
            "refused: more than one statement; 'pwaudit query' runs exactly one (remove the text after the first ';')"
        case .privilegedRole(let role, let reason, let reader):
            "refused: 'pwaudit query' does not run as \(Self.quoted(role)), which \(reason); connect as the "
                + "database's reader role \(Self.quoted(reader)) (pwaudit init creates it), which may only read the "
                + "v_* views"
        case .permissionDenied(let role, let message, let reader):
            "refused: \(message) to role \(Self.quoted(role)); the reader role \(Self.quoted(reader)) may read only "
                + "the v_* views (docs/queries.md)"
        case .timedOut(let seconds):
            "the query was stopped after the time limit of \(Self.seconds(seconds)) s; raise it with --timeout SECONDS "
                + "or narrow the query (docs/queries.md)"
        case .valueTooLong(let bytes):
            "the query was stopped: a value would be longer than the limit of \(Self.size(Int64(bytes))); narrow the "
                + "query to shorter values (docs/queries.md)"
        case .outOfMemory(let bytes):
            "the query was stopped: it needed more memory than the limit of \(Self.size(bytes)); narrow the query "
                + "or aggregate fewer long values at once (docs/queries.md)"
        case .outOfTemporarySpace:
            "the query was stopped: it needed more temporary space on the server than its role may use "
                + "(temp_file_limit); narrow the query or aggregate less at once (docs/queries.md)"
        case .invalid(let message):
            "the query is not valid SQL for this database: \(message)"
        case .failed(let message):
            "the query failed: \(message)"
        case .missingParameter(let name):
            "the query uses :\(name) and no value was given for it; add --param \(name)=VALUE"
        case .unusedParameter(let name, let used):
            "--param \(name) is not used by the query, which "
                + (used.isEmpty
                    ? "has no :NAME parameter" : "uses " + used.map { ":" + $0 }.joined(separator: ", "))
        case .unsupportedParameter(let text):
            "the query has the parameter '\(text)'; with --param, write parameters as :NAME"
        }
    }

    /// `name` as a double-quoted SQL identifier (a `"` doubled), exactly as written.
    private static func quoted(_ name: String) -> String { "\"" + name.replacing("\"", with: "\"\"") + "\"" }

    /// `bytes` in MiB when a whole number of them, else in bytes.
    private static func size(_ bytes: Int64) -> String {
        bytes > 0 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e15 ? String(Int64(value)) : String(value)
    }
}
