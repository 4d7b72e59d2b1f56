/// Why a CSV import cannot go on at all (as opposed to a single bad row, which is a `RowRejection`).
///
/// No case carries a field value of a data row, so an error can be printed or logged safely.
package enum CSVImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened.
    case cannotOpen(path: String, reason: String)
    /// Reading the input failed part way.
    case readFailed(reason: String)
    /// The input holds no header line (it is empty or only blank lines).
    case missingHeader
    /// The header ends inside an open quote, so its columns cannot be told apart.
    case unterminatedHeader
    /// A required column is absent; `found` lists the header's column names as read.
    case missingColumn(name: String, found: [String])

    /// One actionable sentence.
    package var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "Cannot open '\(path)': \(reason); check the path and its permissions."
        case .readFailed(let reason):
            return "Reading the CSV input failed: \(reason); check the file or the pipe feeding it."
        case .missingHeader:
            return "The CSV input is empty; it must start with a header line such as 'id,username,password'."
        case .unterminatedHeader:
            return "The CSV header line opens a quote that is never closed; fix the first line of the file."
        case .missingColumn(let name, let found):
            guard !found.isEmpty else {
                return "The CSV has no '\(name)' column and its first line does not look like a header (no "
                    + "'password', 'username', 'email', 'id' or 'submitted_at'); add a header line or map the column."
            }
            let listed = found.map { "'\($0)'" }.joined(separator: ", ")
            return "The CSV header has no '\(name)' column (found: \(listed)); rename the column or map it."
        }
    }
}
