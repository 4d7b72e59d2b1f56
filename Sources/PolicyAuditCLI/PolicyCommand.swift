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
        options: StoreOptions.help + [
            .init("--effective DATE", "When the version comes into force (YYYY-MM-DD or ISO-8601 UTC; default today)."),
            .init("--note TEXT", "A note kept with the version."),
            .init("-h, --help", "Show help."),
        ],
        subcommands: [
            .init("add", "Validate FILE and store it as NAME@N (an identical definition returns its version)."),
            .init("list", "List every stored version."),
            .init("show", "Print a version's canonical definition (NAME alone = latest)."),
            .init("diff", "Compare two versions rule by rule: added, removed, changed parameters."),
            .init("at", "Name the version in force on DATE."),
        ])

    static let spec = ParsedArguments.Spec(values: StoreOptions.names.union(["--effective", "--note"]))

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
            // JSON that stays JSON: the layout's newlines stay, and a control or bidi override the serializer left
            // raw (DEL, C1, U+202E…) becomes a JSON escape (`\u202E`), terminal-safe and still parseable.
            context.stdout.line(jsonSafe(try PolicyDisplay.policy(version.definition)))
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
        var effective: String?
        if let text = arguments.value("--effective") {
            guard let normalized = EffectiveDate.normalized(text) else {
                throw UsageError(
                    "--effective '\(text)' is not a date (YYYY-MM-DD or ISO-8601 UTC)", command: "policy add")
            }
            effective = normalized
        }
        let policy = try PolicyFileLoader.load(path: context.resolve(file))
        let workspace = try StoreOptions.open(arguments, context: context)
        let added = try PolicyLibrary(workspace: workspace).add(
            policy, effectiveFrom: effective, note: arguments.value("--note"))
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

    /// `json` with every scalar `ReportText.terminalSafe` would escape, its layout's newlines aside, written as a
    /// JSON `\uXXXX` escape. The serializer already escapes C0 controls inside strings and JSON's structure is ASCII,
    /// so what is left (DEL, C1 controls, bidi marks, all in the BMP) only ever occurs inside a string.
    static func jsonSafe(_ json: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(json.unicodeScalars.count)
        for scalar in json.unicodeScalars {
            if scalar != "\n", ReportText.terminalSafe(String(scalar)) != String(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
