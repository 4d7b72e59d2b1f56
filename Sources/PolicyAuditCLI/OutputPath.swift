import AuditRepositories
import PolicyAudit
import PolicyReports

/// Opens the files the CLI writes for the user (`--output`, `--rejects`) through `OutputFile`, so that every one is
/// checked against the store's files, the key and the input before any work starts.
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

    /// Opens a command's `--output` path, protecting the database, its journals and the key `arguments` name.
    static func openOutput(
        _ path: String, option: String, command: String, arguments: ParsedArguments, context: CLIContext
    ) throws -> OutputFile {
        try open(
            path, option: option, command: command,
            protecting: StoreOptions.protectedFiles(arguments, context: context), context: context)
    }

    /// Writes `text` to `file` and says so on standard error (a status line, not a result): `wrote WHAT to PATH`.
    static func write(_ text: String, to file: OutputFile, path: String, what: String, context: CLIContext) throws {
        try file.write(text)
        try commit(file, path: path, what: what, context: context)
    }

    /// Commits `file`, written already, and says so on standard error (a status line, not a result): `wrote WHAT to
    /// PATH`.
    static func commit(_ file: OutputFile, path: String, what: String, context: CLIContext) throws {
        try file.commit()
        context.stderr.line("wrote \(what) to \(ReportText.terminalSafe(context.resolve(path)))")
    }
}
