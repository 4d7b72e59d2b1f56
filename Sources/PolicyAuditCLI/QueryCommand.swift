import AuditRepositories
import PolicyAudit
import PolicyReports

/// `pwaudit query`: one read-only SQL statement over the database, refused by SQLite's authorizer unless it only
/// reads.
enum QueryCommand: CLICommand {
    static let help = CommandHelp(
        name: "query",
        overview: "Run one read-only SQL statement over the database's tables and views.",
        usage: ["query SQL [--param NAME=VALUE]... [--format table|json|csv] [--output FILE] [--timeout SECONDS]"],
        arguments: [.init("SQL", "One SELECT (or WITH … SELECT) statement; the views are in docs/schema.md.")],
        discussion: """
            The database is opened read-only and an SQLite authorizer allows reading only: a write (also one inside
            a WITH), CREATE (temporary objects too), DROP, ATTACH, VACUUM INTO, transactions, load_extension and every
            pragma but table_info, table_xinfo, index_list, index_info, index_xinfo and foreign_key_list are refused
            (exit 65), as is a second statement; table-valued functions such as json_each are allowed. Rows are
            written as they come. A query is stopped (exit 65) once it has run --timeout seconds (time spent waiting
            for the output to be read is not counted), when a text or blob would pass 8 MiB, or when it needs more
            than 512 MiB of memory. The database holds no password: fingerprints are keyed HMACs. Worked queries and
            the formats: docs/queries.md.
            Examples:
              pwaudit query "SELECT reference, effective_from, effective_until FROM v_policy_period"
              pwaudit query "SELECT * FROM v_run_summary" --format csv --output runs.csv
              pwaudit query "SELECT * FROM v_run_summary WHERE run_id = :run" --param run=3
            """)

    /// `--param NAME=VALUE`, repeatable: binds the statement's `:NAME` (never spliced into the SQL text).
    static let parameter = RepeatedOption<(name: String, value: String)>(
        "--param", valueName: "NAME=VALUE",
        help: "Bind the statement's :NAME to VALUE (repeatable; an integer binds as one, anything else as text)."
    ) { text, option, command in
        guard let equals = text.firstIndex(of: "="), QueryParameters.isName(String(text[..<equals])) else {
            throw UsageError(
                "option '\(option)' must be NAME=VALUE with NAME a letter or '_' then letters, digits or '_', "
                    + "not '\(text)'", command: command)
        }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }

    /// `--format table|json|csv`.
    static let format = Option<ReportFormat>(
        "--format", valueName: "F", help: "table (default), json or csv (docs/queries.md)."
    ) { text, option, command in
        let format = try ReportFormat(parsing: text)
        guard QueryResultWriter.formats.contains(format) else {
            throw UsageError("option '\(option)' must be table, json or csv, not '\(text)'", command: command)
        }
        return format
    }
    /// `--timeout SECONDS`.
    static let timeout = Option<Double>(
        "--timeout", valueName: "SECONDS",
        help: "Stop the query after SECONDS (default \(Int(AuditQuery.defaultTimeoutSeconds)); fractions allowed)."
    ) { text, option, command in
        guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
            throw UsageError(
                "option '\(option)' must be a number of seconds above zero, not '\(text)'", command: command)
        }
        return seconds
    }

    static let options: [any DeclaredOption] = [parameter, format, ReportOutput.output, timeout] + StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        let sql = try arguments.positionals(count: 1...1, command: help.name, what: "SQL")[0]
        let format = arguments[Self.format] ?? .table
        var values: [String: String] = [:]
        for (name, value) in arguments[parameter] {
            guard values.updateValue(value, forKey: name) == nil else {
                throw UsageError("--param \(name) is given more than once", command: help.name)
            }
        }
        let output = arguments[ReportOutput.output].flatMap { $0 == "-" ? nil : $0 }
        // Opened before the query runs, so a clash with the database is refused before any work.
        let file = try output.map {
            try OutputPath.openOutput(
                $0, option: ReportOutput.output.name, command: help.name, arguments: arguments, context: context)
        }
        let workspace = try StoreOptions.openReadOnly(arguments, context: context)
        let deadline = QueryDeadline(seconds: arguments[timeout] ?? AuditQuery.defaultTimeoutSeconds)
        // SQLite's heap limit is process-wide: only the pwaudit process sets it, never a command run in-process.
        let limits = QueryLimits(
            deadline: deadline, memoryBytes: context.ownsProcess ? QueryLimits.defaultMemoryBytes : nil)
        // Time spent handing the output on (a pager that reads slowly) does not count against the deadline.
        let sink: (String) throws -> Void
        if let file {
            sink = { text in try deadline.excluded { try file.write(text) } }
        } else {
            sink = { text in
                deadline.excluded { context.stdout.write(text) }
                try context.stdout.throwIfWriteFailed()  // stops the query; PolicyAuditCLI.run reports it
            }
        }
        // QueryCommand.format admits only the writer's formats.
        guard let writer = QueryResultWriter(format: format, output: sink) else { return .usage }
        do {
            try AuditQuery(workspace: workspace).run(
                sql, parameters: QueryParameters(values), limits: limits, into: writer)
            try writer.finish()
        } catch let error as CLIIOError {
            throw error
        } catch {
            // On stdout, the rows before the stop stay (then the error on stderr); a file is discarded whole.
            if file == nil { try? writer.flushRows() }
            throw error
        }
        guard let file, let output else { return .success }
        try OutputPath.commit(file, path: output, what: "\(format.rawValue) result", context: context)
        return .success
    }
}
