import PasswordPolicy
import PolicyAudit
import PolicyReports

/// `pwaudit policy add`: validates a policy file and stores it as the next version of its policy.
enum PolicyAddCommand: CLICommand {
    static let help = CommandHelp(
        name: "policy add",
        overview: "Validate FILE and store it as NAME@N (an identical definition returns its version).",
        usage: ["policy add FILE [--effective DATE] [--note TEXT]"],
        arguments: [.init("FILE", "The policy file (JSON, docs/policy-format.md).")],
        discussion: """
            Adding a definition identical to a stored version returns that version and says so on stderr, unless it
            repeats an earlier (not the latest) version with another --effective: that is a rollback, stored as the
            next version with the note 'rollback: repeats NAME@K'.
            """)

    /// `--effective DATE`, as the ISO-8601 UTC timestamp it names.
    static let effective = Option<String>(
        "--effective", valueName: "DATE",
        help: "When the version comes into force (YYYY-MM-DD or ISO-8601 UTC; default today)."
    ) { text, option, command in
        guard let normalized = EffectiveDate.normalized(text) else {
            throw UsageError("\(option) '\(text)' is not a date (YYYY-MM-DD or ISO-8601 UTC)", command: command)
        }
        return normalized
    }
    /// `--note TEXT`.
    static let note = Option<String>("--note", valueName: "TEXT", help: "A note kept with the version.")

    static let options: [any DeclaredOption] = StoreOptions.all + [effective, note]

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        let file = try arguments.positionals(count: 1...1, command: help.name, what: "FILE")[0]
        let policy = try PolicyFileLoader.load(path: context.resolve(file))
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

    private static func safe(_ text: String) -> String { ReportText.terminalSafe(text) }
}
