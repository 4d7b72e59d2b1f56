import ExitStatus

/// Why a CSV import cannot go on at all (as opposed to a single bad row, which is a `RowRejection`).
///
/// No case can carry a field value: errors hold positions, counts and reasons, plus column names only inside a
/// `CSVHeader`, which exists only for a first line accepted as a header. An error can be printed or logged safely.
package enum CSVImportError: Equatable, Sendable, UserFacingError {
    /// The file could not be opened.
    case cannotOpen(path: String, reason: String)
    /// Reading the input failed part way.
    case readFailed(reason: String)
    /// The input holds no header line (it is empty or only blank lines).
    case missingHeader
    /// The header ends inside an open quote, so its columns cannot be told apart.
    case unterminatedHeader
    /// The first line runs past `limit` bytes without a line end: not a CSV header.
    case headerTooLong(limit: Int)
    /// The input is not UTF-8 text (UTF-16, or binary), as its first bytes or its first line show.
    case notText(CSVTextProblem)
    /// The first line does not name the password column, so it is taken for a data row, not a header.
    case notAHeader(passwordColumn: String, line: Int, fieldCount: Int)
    /// A column the mapping reads appears more than once in the header (`positions` are 1-based).
    case duplicateColumn(name: String, positions: [Int], header: CSVHeader)
    /// A column the mapping asks for by name is absent from an accepted header.
    case missingColumn(name: String, header: CSVHeader)

    /// The exit code a command ends with when this error stops it.
    package var exitCode: ExitCode {
        switch self {
        case .cannotOpen: .noInput
        case .readFailed: .ioError
        case .missingHeader, .unterminatedHeader, .headerTooLong, .notText, .notAHeader, .duplicateColumn: .dataError
        case .missingColumn: .usage
        }
    }

    /// One actionable sentence.
    package var userMessage: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "Cannot open '\(path)': \(reason); check the path and its permissions."
        case .readFailed(let reason):
            return "Reading the CSV input failed: \(reason); check the file or the pipe feeding it."
        case .missingHeader:
            return "The CSV input is empty; it must start with a header line such as 'id,username,password'."
        case .headerTooLong(let limit):
            return "The CSV input's first line runs past \(limit >> 20) MiB without a line end: this is not a CSV "
                + "header; check the file (or the device) given."
        case .unterminatedHeader:
            return "The CSV header line opens a quote that is never closed; fix the first line of the file."
        case .notText(let problem):
            return problem.description
        case .notAHeader(let column, let line, let fieldCount):
            return "The first line of the CSV (line \(line), \(fieldCount) field\(fieldCount == 1 ? "" : "s")) has "
                + "no '\(column)' column, so it is not a header; add a header line such as "
                + "'id,username,password', or name the password column with --password-column."
        case .duplicateColumn(let name, let positions, _):
            let listed = positions.map(String.init).joined(separator: ", ")
            return "The CSV header has the column '\(name)' more than once (columns \(listed)), so which one to read "
                + "is ambiguous; rename or remove the extra ones."
        case .missingColumn(let name, let header):
            let listed = header.names.map { "'\($0)'" }.joined(separator: ", ")
            return "The CSV header has no '\(name)' column (found: \(listed)); rename the column or map it."
        }
    }
}
