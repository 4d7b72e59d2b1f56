import PolicyAudit
import PolicyReports

/// `pwaudit policy export`: a stored version as pwaudit JSON, Apple password rules or `pwquality.conf`.
enum PolicyExportCommand: CLICommand {
    static let help = CommandHelp(
        name: "policy export", overview: "Write a stored version as JSON, Apple password rules or pwquality.conf.",
        usage: ["policy export NAME[@N] [--format json|passwordrules|pwquality] [--lossy] [--output FILE]"],
        arguments: [.init("NAME[@N]", "The version (NAME alone = latest).")],
        discussion: """
            passwordrules refuses a policy with rules it cannot express (blocklist, context, pattern, …) and names
            them; --lossy leaves them out and lists them on stderr. pwquality writes a comment for each rule it
            cannot express. docs/interop.md lists what each format keeps.
            """)

    /// `--format F`.
    static let format = PolicyFormatOption.declare(help: "json (default), passwordrules or pwquality.")
    /// `--lossy`.
    static let lossy = Flag("--lossy", help: "Leave out what the format cannot express instead of refusing.")
    /// `-o, --output FILE`.
    static let output = Option<String>(
        "--output", alias: "-o", valueName: "FILE", help: "Write to FILE ('-': stdout), replaced atomically.")

    static let options: [any DeclaredOption] = StoreOptions.all + [format, lossy, output]

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        let reference = try arguments.positionals(count: 1...1, command: help.name, what: "NAME[@N]")[0]
        let workspace = try StoreOptions.openReadOnly(arguments, context: context)
        let library = PolicyLibrary(workspace: workspace)
        let version = try library.version(PolicyArgument.reference(reference, command: help.name))
        let format = arguments[format] ?? .json
        let (text, notes) = try PolicyConversion.export(
            try library.policy(of: version), definition: version.definition, as: format, lossy: arguments[lossy])
        for note in notes { context.stderr.line("note: \(ReportText.terminalSafe(note))") }
        guard let output = arguments[output], output != "-" else {
            context.stdout.write(terminalSafe(text, format: format))
            return .success
        }
        let file = try OutputPath.openOutput(
            output, option: Self.output.name, command: help.name, arguments: arguments, context: context)
        try OutputPath.write(text, to: file, path: output, what: "\(format.rawValue) policy", context: context)
        return .success
    }

    /// `text` safe for a terminal with its line breaks kept: JSON escapes what it must, other formats per line.
    private static func terminalSafe(_ text: String, format: PolicyFormat) -> String {
        if format == .json { return PolicyDisplay.jsonSafe(text) }
        return ReportText.terminalSafeLines(text)
    }
}
