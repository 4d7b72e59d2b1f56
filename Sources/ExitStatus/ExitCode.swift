/// The process exit status of a command, following sysexits(3).
///
/// It lives below every module that throws, so that each error type can say its own code (``UserFacingError``)
/// without importing the command line.
package enum ExitCode: Int32, Sendable, Equatable {
    /// Everything worked and nothing failed.
    case success = 0
    /// The command ran, and what it examined failed (a candidate or a policy).
    case findings = 1
    /// The command line was wrong.
    case usage = 64
    /// The input data was wrong: a bad policy file, a malformed CSV row, a corrupt database.
    case dataError = 65
    /// An input file does not exist or cannot be opened.
    case noInput = 66
    /// A bug: something pwaudit did not expect.
    case internalError = 70
    /// Reading or writing a file failed.
    case ioError = 74
    /// The role or user lacks a permission the command needs (`EX_NOPERM`): a PostgreSQL role that may not write,
    /// or one that may do more than `pwaudit query` runs as.
    case noPermission = 77
    /// The user interrupted an interactive command (Ctrl-C): 128 + SIGINT, the status a shell gives such a command.
    case interrupted = 130
    /// Standard output's reader went away (EPIPE): 128 + SIGPIPE, the status of a process SIGPIPE killed, which is
    /// how the executable ends (`PolicyAuditCLI.exit(_:)`): quietly, as `yes | head -1` does.
    case brokenPipe = 141
}
