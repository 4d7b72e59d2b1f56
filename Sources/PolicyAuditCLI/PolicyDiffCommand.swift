import PasswordPolicy
import PolicyAudit
import PolicyReports

/// `pwaudit policy diff`: two stored versions compared rule by rule.
enum PolicyDiffCommand: CLICommand {
    static let help = CommandHelp(
        name: "policy diff", overview: "Compare two versions rule by rule: added, removed, changed parameters.",
        usage: ["policy diff A B [--format text|json]"],
        arguments: [
            .init("A", "The version compared from (NAME@N; NAME alone = latest)."),
            .init("B", "The version compared to."),
        ])

    static let options: [any DeclaredOption] = [ListingFormat.option] + StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        let operands = try arguments.positionals(count: 2...2, command: help.name, what: "A B")
        let workspace = try StoreOptions.openReadOnly(arguments, context: context)
        let library = PolicyLibrary(workspace: workspace)
        let versions = try PolicyArgument.storedVersions(operands, workspace: workspace, command: help.name)
        let difference = PolicyDiff(from: try library.policy(of: versions[0]), to: try library.policy(of: versions[1]))
        if arguments[ListingFormat.option] == .json {
            context.stdout.write(
                ListingFormat.json(
                    kind: "policy-diff",
                    [
                        "from": PolicyShowCommand.versionObject(versions[0]),
                        "to": PolicyShowCommand.versionObject(versions[1]),
                        "changes": try difference.entries.map(jsonEntry),
                    ]))
            return .success
        }
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

    /// One difference as JSON: `change` (`added`, `removed`, `changed`, `field`), `rule_id` (null for a field),
    /// `rule` (the rule's JSON, files summarized; for `added` and `removed`), `parameters` (`{name, old, new}`; for
    /// `changed`, and the one field for `field`).
    private static func jsonEntry(_ entry: PolicyDiff.Entry) throws -> [String: Any?] {
        func changes(_ list: [PolicyDiff.Change]) -> [[String: Any?]] {
            list.map { ["name": $0.name, "old": $0.old, "new": $0.new] }
        }
        switch entry {
        case .added(let rule), .removed(let rule):
            let kind = if case .added = entry { "added" } else { "removed" }
            return [
                "change": kind, "rule_id": rule.id, "rule": try PolicyDisplay.object(PolicyDisplay.rule(rule)),
                "parameters": [] as [Any],
            ]
        case .changed(let id, let parameters):
            return ["change": "changed", "rule_id": id, "rule": nil, "parameters": changes(parameters)]
        case .field(let change):
            return ["change": "field", "rule_id": nil, "rule": nil, "parameters": changes([change])]
        }
    }
}
