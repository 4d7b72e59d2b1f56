import Foundation
import PasswordPolicy
import PolicyAudit
import PolicyStore

/// `pwaudit policy`: add, list, show, diff stored policy versions, and find the one in force on a date.
enum PolicyCommand: CLICommand {
    static let help = CommandHelp(
        name: "policy",
        overview: "Store policy versions (immutable, dated) and look them up.",
        usage: [
            "policy add FILE [--effective DATE] [--note TEXT]", "policy list", "policy show NAME[@N]",
            "policy diff A B", "policy at NAME DATE",
        ],
        subcommands: [
            .init("add", "Validate FILE and store it as NAME@N (an identical definition returns its version)."),
            .init("list", "List every stored version."),
            .init("show", "Print a version's canonical definition (NAME alone = latest)."),
            .init("diff", "Compare two versions rule by rule: added, removed, changed parameters."),
            .init("at", "Name the version in force on DATE."),
        ])

    /// `--effective DATE` (of `policy add`), as the ISO-8601 UTC timestamp it names.
    static let effective = Option<String>(
        "--effective", valueName: "DATE",
        help: "When the version comes into force (YYYY-MM-DD or ISO-8601 UTC; default today)."
    ) { text, option, _ in
        guard let normalized = EffectiveDate.normalized(text) else {
            throw UsageError("\(option) '\(text)' is not a date (YYYY-MM-DD or ISO-8601 UTC)", command: "policy add")
        }
        return normalized
    }
    /// `--note TEXT` (of `policy add`).
    static let note = Option<String>("--note", valueName: "TEXT", help: "A note kept with the version.")

    static let options: [any DeclaredOption] = StoreOptions.all + [effective, note]

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        guard let action = arguments.positionals.first else {
            throw UsageError("missing subcommand (add, list, show, diff, at)", command: "policy")
        }
        let operands = Array(arguments.positionals.dropFirst())
        let command = "policy \(action)"  // usage errors show this subcommand's usage line
        func expect(_ count: Int, _ what: String) throws {
            if operands.count < count { throw UsageError("missing \(what)", command: command) }
            if operands.count > count {
                throw UsageError("unexpected argument '\(operands[count])'", command: command)
            }
        }
        switch action {
        case "add":
            try expect(1, "FILE")
            return try add(file: operands[0], arguments: arguments, context: context)
        case "list":
            try expect(0, "")
            return try list(arguments: arguments, context: context)
        case "show":
            try expect(1, "NAME[@N]")
            let workspace = try StoreOptions.openReadOnly(arguments, context: context)
            let version = try PolicyArgument.storedVersions([operands[0]], workspace: workspace, command: command)[0]
            // Line by line: the layout's newlines stay, a description's controls and bidi overrides are escaped.
            let shown = try PolicyDisplay.policy(version.definition)
            let lines = shown.split(separator: "\n", omittingEmptySubsequences: false)
            context.stdout.line(lines.map(safe).joined(separator: "\n"))
            return .success
        case "diff":
            try expect(2, "A B")
            return try diff(operands[0], operands[1], arguments: arguments, context: context)
        case "at":
            try expect(2, "NAME DATE")
            guard let timestamp = EffectiveDate.normalized(operands[1], endOfDay: true) else {
                throw UsageError("'\(operands[1])' is not a date (YYYY-MM-DD or ISO-8601 UTC)", command: command)
            }
            let workspace = try StoreOptions.openReadOnly(arguments, context: context)
            let version = try PolicyLibrary(workspace: workspace).version(named: operands[0], inForceAt: timestamp)
            context.stdout.line("\(safe(version.reference))\teffective \(version.effectiveFrom)")
            return .success
        default:
            throw UsageError("unknown subcommand 'policy \(action)'", command: "policy")
        }
    }

    private static func add(file: String, arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
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

    private static func list(arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        let workspace = try StoreOptions.openReadOnly(arguments, context: context)
        let library = PolicyLibrary(workspace: workspace)
        let rows = try library.list().map { version in
            [
                version.reference, String(version.effectiveFrom.prefix(10)),
                String(try library.rules(of: version).count),
                String(version.definitionSHA256.prefix(12)), version.note ?? "",
            ]
        }
        context.stdout.write(
            PlainTable(header: ["VERSION", "EFFECTIVE", "RULES", "SHA-256", "NOTE"], rows: rows).rendered())
        return .success
    }

    private static func diff(_ a: String, _ b: String, arguments: ParsedArguments, context: CLIContext) throws
        -> ExitCode
    {
        let workspace = try StoreOptions.openReadOnly(arguments, context: context)
        let library = PolicyLibrary(workspace: workspace)
        let versions = try PolicyArgument.storedVersions([a, b], workspace: workspace, command: "policy diff")
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

    private static func safe(_ text: some StringProtocol) -> String { ReportText.terminalSafe(String(text)) }
}
