import Foundation
import PasswordPolicy
import PolicyAudit
import PolicyReports

/// `pwaudit policy add`: validates a policy file and stores it as the next version of its policy.
enum PolicyAddCommand: CLICommand {
    static let help = CommandHelp(
        name: "policy add",
        overview: "Validate FILE and store it as NAME@N (an identical definition returns its version).",
        usage: [
            "policy add FILE [--effective DATE] [--note TEXT]",
            "policy add --format passwordrules RULES|FILE --name NAME [--effective DATE] [--note TEXT]",
            "policy add --format pwquality FILE --name NAME [--effective DATE] [--note TEXT]",
        ],
        arguments: [
            .init("FILE", "The policy file (JSON, docs/policy-format.md), or a pwquality.conf."),
            .init("RULES", "Apple password rules, such as 'minlength: 8; required: upper;' (or a file holding them)."),
        ],
        discussion: """
            Adding a definition identical to a stored version returns that version and says so on stderr, unless it
            repeats an earlier (not the latest) version with another --effective: that is a rollback, stored as the
            next version with the note 'rollback: repeats NAME@K'.
            With --format passwordrules or pwquality the input is converted to a pwaudit policy (stored as JSON) that
            is evaluated as Safari/iOS or libpwquality would ("evaluation": "apple" / "pwquality"; docs/interop.md);
            what those systems ignore is reported on stderr as warnings.
            """)

    /// `--effective DATE`, as the midnight UTC that starts the day it names.
    static let effective = Option<String>(
        "--effective", valueName: "DATE",
        help: "The UTC day the version comes into force (YYYY-MM-DD, or a time at midnight UTC; default today)."
    ) { text, option, command in
        switch EffectiveDate.day(text) {
        case .startOfDay(let day): return day
        case .notATime:
            throw UsageError(
                "\(option) '\(text)' is not a date (YYYY-MM-DD, or an ISO-8601 time such as 2026-01-06T00:00:00Z)",
                command: command)
        case .notStartOfDay(let instant):
            throw UsageError(
                "\(option) '\(text)' is \(instant), not midnight UTC: a version is in force from the start of a UTC "
                    + "day; give the day (\(instant.prefix(10)))", command: command)
        }
    }
    /// `--note TEXT`.
    static let note = Option<String>("--note", valueName: "TEXT", help: "A note kept with the version.")

    /// `--format F`: what FILE holds.
    static let format = PolicyFormatOption.declare(help: "json (default), passwordrules or pwquality.")
    /// `--name NAME`: the name of a converted policy.
    static let name = Option<String>(
        "--name", valueName: "NAME", help: "The policy's name (required with --format passwordrules or pwquality).")

    static let options: [any DeclaredOption] = StoreOptions.all + [effective, note, format, name]

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        let file = try arguments.positionals(count: 1...1, command: help.name, what: "FILE")[0]
        let policy = try load(file, arguments: arguments, context: context)
        let workspace = try StoreOptions.open(arguments, context: context)
        let added = try PolicyLibrary(workspace: workspace).add(
            policy, effectiveFrom: arguments[effective], note: arguments[note])
        let version = added.version
        context.stdout.line(safe(version.reference))
        if let repeated = added.repeats {
            context.stderr.line(
                "note: \(safe(version.reference)) repeats \(safe(repeated.reference)) (a rollback), in force from "
                    + "\(version.effectiveFrom.prefix(10))")
        } else if !added.isNew {
            context.stderr.line(
                "note: identical to the stored \(safe(version.reference)) (in force from "
                    + "\(version.effectiveFrom.prefix(10))); nothing added")
        }
        return .success
    }

    /// The policy the input names, converted from its format; warnings go to stderr.
    private static func load(_ input: String, arguments: ParsedArguments, context: CLIContext) throws -> PasswordPolicy
    {
        let format = arguments[format] ?? .json
        guard format != .json else {
            if arguments[name] != nil {
                throw UsageError("option '--name' goes with --format passwordrules or pwquality", command: help.name)
            }
            return try PolicyFileLoader.compile(path: context.resolve(input)).policy
        }
        guard let policyName = arguments[name] else {
            throw UsageError("--format \(format.rawValue) needs --name NAME", command: help.name)
        }
        let converted: (policy: PasswordPolicy, warnings: [String])
        if format == .pwquality {
            converted = try PolicyConversion.importPwqualityConf(path: context.resolve(input), name: policyName)
        } else {
            converted = try PolicyConversion.importPasswordRules(
                argument: input, path: context.resolve(input), name: policyName)
        }
        for warning in converted.warnings { context.stderr.line("warning: \(safe(warning))") }
        return converted.policy
    }

    private static func safe(_ text: String) -> String { ReportText.terminalSafe(text) }
}
