import PolicyAudit

/// Opens the files the CLI writes for the user (`--output`, `--rejects`) through `OutputFile`, so that every one is
/// checked against the database, its journals, its key and the input before any work starts.
enum OutputPath {
    /// Opens `path` (as typed; relative to the context's directory) for writing.
    /// - Throws: `UsageError` of `command` when `path` is a protected file; `OutputFileError.cannotWrite`.
    static func open(
        _ path: String, option: String, command: String, protecting protected: [ProtectedFile], context: CLIContext
    ) throws -> OutputFile {
        do {
            return try OutputFile(path: context.resolve(path), name: path, option: option, protecting: protected)
        } catch {
            guard case .clash = error else { throw error }
            throw UsageError(error.description, command: command)
        }
    }
}
