import PasswordPolicy
import PolicyAudit
import PolicyReports

/// `pwaudit policy diff`: two stored versions compared rule by rule.
enum PolicyDiffCommand: CLICommand {
    static let help = CommandHelp(
        name: "policy diff", overview: "Compare two versions rule by rule: added, removed, changed parameters.",
        usage: ["policy diff A B"],
        arguments: [
            .init("A", "The version compared from (NAME@N; NAME alone = latest)."),
            .init("B", "The version compared to."),
        ])

    static let options = StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        let operands = try arguments.positionals(count: 2...2, command: help.name, what: "A B")
        let workspace = try StoreOptions.openReadOnly(arguments, context: context)
        let library = PolicyLibrary(workspace: workspace)
        let versions = try PolicyArgument.storedVersions(operands, workspace: workspace, command: help.name)
        let difference = PolicyDiff(from: try library.policy(of: versions[0]), to: try library.policy(of: versions[1]))
        context.stdout.line("\(safe(versions[0].reference)) → \(safe(versions[1].reference))")
        if difference.isEmpty { context.stdout.line("  no differences in meaning") }
        for entry in difference.entries {
            switch entry {
            case .added(let rule): context.stdout.line(safe("  + \(rule.id): \(try PolicyDisplay.rule(rule))"))
            case .removed(let rule): context.stdout.line(safe("  - \(rule.id): \(try PolicyDisplay.rule(rule))"))
            case .changed(let id, let changes):
                let text = changes.map { "\($0.name) \($0.old ?? "—") → \($0.new ?? "—")" }.joined(separator: ", ")
                context.stdout.line(safe("  ~ \(id): \(text)"))
            case .field(let change):
                context.stdout.line(safe("  ~ \(change.name): \(change.old ?? "—") → \(change.new ?? "—")"))
            }
        }
        return .success
    }

    private static func safe(_ text: String) -> String { ReportText.terminalSafe(text) }
}
