/// How an import ended without an error: the rows landed in a new run, or the input was already imported.
package enum CSVImportOutcome: Sendable {
    /// The import stored a run; the result says what it holds.
    case imported(CSVImportResult)
    /// A complete run already holds input with the same SHA-256 and `again` was not set: nothing was stored.
    case alreadyImported(runID: Int64, sha256: String)

    /// The import's result, or nil when the input was already imported.
    package var imported: CSVImportResult? {
        guard case .imported(let result) = self else { return nil }
        return result
    }
}
