import AuditTime
import Foundation
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
        "--time-column", valueName: "C", help: "The submission time column (default 'submitted_at').")
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

    /// `--time-format F`: a strftime-style layout (`%d.%m.%Y %H:%M`) or `auto`, `iso8601`, `generalized`, `filetime`,
    /// `epoch`; a layout it cannot read is a usage error saying why.
    static let timeFormat = Option<TimeFormat>(
        "--time-format", valueName: "F",
        help: "How times are written: auto (default: ISO-8601, generalized time, FILETIME or epoch seconds by shape), "
            + "iso8601, generalized, filetime, epoch, or a layout such as '%d.%m.%Y %H:%M' (%Y %m %d %H %I %M %S %p %z)."
    ) { text, option, command in
        let format: TimeFormat
        do throws(TimePattern.Problem) {
            format = try TimeFormat(parsing: text)
        } catch {
            throw UsageError(
                "\(option) '\(text)' is not a time format it reads: \(error.description)", command: command)
        }
        return format
    }
    /// `--time-zone NAME`: an IANA zone for times without an offset.
    static let timeZone = Option<TimeZone>(
        "--time-zone", valueName: "NAME",
        help:
            "The IANA zone of times without an offset, such as Europe/Berlin (default UTC; docs: DST gaps and overlaps)."
    ) { text, option, command in
        guard let zone = TimeZone(identifier: text) else {
            throw UsageError(
                "\(option) '\(text)' is not an IANA time zone name (such as Europe/Berlin or America/New_York)",
                command: command)
        }
        return zone
    }

    /// Every CSV option, in the order the help lists them.
    static let all: [any DeclaredOption] = [
        passwordColumn, userColumn, emailColumn, idColumn, timeColumn, timeFormat, timeZone, delimiter,
    ]

    /// The time reader the options ask for (ISO-8601 and the other shapes at UTC when neither is given).
    static func timeReader(_ arguments: ParsedArguments) -> TimeReader {
        TimeReader(format: arguments[timeFormat] ?? .automatic, zone: arguments[timeZone])
    }

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
        case .timeFormat: timeFormat.name
        case .timeZone: timeZone.name
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
