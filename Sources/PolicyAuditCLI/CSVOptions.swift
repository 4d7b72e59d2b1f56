import PolicyAudit
import PolicyCSV

/// The CSV options `import` and `rescore` share: which columns hold what, and the delimiter.
enum CSVOptions {
    /// `--password-column C`.
    static let passwordColumn = Option<String>(
        "--password-column", valueName: "C", help: "The password column (default 'password').")
    /// `--user-column C`.
    static let userColumn = Option<String>(
        "--user-column", valueName: "C", help: "The username column (default 'username').")
    /// `--email-column C`.
    static let emailColumn = Option<String>(
        "--email-column", valueName: "C", help: "The email column (default 'email').")
    /// `--id-column C`.
    static let idColumn = Option<String>("--id-column", valueName: "C", help: "The row id column (default 'id').")
    /// `--time-column C`.
    static let timeColumn = Option<String>(
        "--time-column", valueName: "C", help: "The submission time column (default 'submitted_at', ISO-8601).")
    /// `--delimiter D`: `,`, `;` or a tab (`\t`, `tab`); anything else is a usage error.
    static let delimiter = Option<CSVDialect>(
        "--delimiter", valueName: "D", help: "',' ';' or '\\t' (default: detected from the header)."
    ) { text, option, command in
        switch text {
        case ",": return CSVDialect(delimiter: .comma)
        case ";": return CSVDialect(delimiter: .semicolon)
        case "\t", "\\t", "tab": return CSVDialect(delimiter: .tab)
        default: throw UsageError("\(option) must be ',', ';' or '\\t', not '\(text)'", command: command)
        }
    }

    /// Every CSV option, in the order the help lists them.
    static let all: [any DeclaredOption] = [
        passwordColumn, userColumn, emailColumn, idColumn, timeColumn, delimiter,
    ]

    /// The CSV operand `file`: standard input for `-`, else the file (relative to the context's directory).
    static func source(_ file: String, context: CLIContext) -> ImportSource {
        file == "-" ? .descriptor(context.stdinDescriptor, name: "stdin") : .file(path: context.resolve(file))
    }

    /// The column mapping the options ask for (the defaults where none is given).
    static func mapping(_ arguments: ParsedArguments) -> CSVColumnMapping {
        let columns: [(Option<String>, CSVColumnMapping.Field)] = [
            (passwordColumn, .password), (userColumn, .username), (emailColumn, .email), (idColumn, .id),
            (timeColumn, .submittedAt),
        ]
        var mapping = CSVColumnMapping()
        for (option, field) in columns {
            if let name = arguments[option] { mapping = mapping.overriding(field, with: name) }
        }
        return mapping
    }

    /// The dialect the options ask for (detected from the header when `--delimiter` is not given).
    static func dialect(_ arguments: ParsedArguments) -> CSVDialect {
        arguments[delimiter] ?? CSVDialect()
    }

    /// The option that sets `setting`.
    static func option(for setting: CSVSetting) -> String {
        switch setting {
        case .column(.password): passwordColumn.name
        case .column(.username): userColumn.name
        case .column(.email): emailColumn.name
        case .column(.id): idColumn.name
        case .column(.submittedAt): timeColumn.name
        case .delimiter: delimiter.name
        }
    }

    /// Runs `body`, turning a missing CSV column into a usage error of `command`, so that it prints the usage line
    /// like every other command-line mistake (the column names come from the options or their defaults).
    static func columnsAsUsage<T>(command: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CSVImportError {
            guard case .missingColumn = error else { throw error }
            throw UsageError(error.description, command: command)
        }
    }
}
