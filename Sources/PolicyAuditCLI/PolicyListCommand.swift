import PolicyAudit

/// `pwaudit policy list`: every stored version, with its effective day, rule count, digest and note.
enum PolicyListCommand: CLICommand {
    static let help = CommandHelp(
        name: "policy list", overview: "List every stored version.", usage: ["policy list [--format text|json]"])

    static let options: [any DeclaredOption] = [ListingFormat.option] + StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        _ = try arguments.positionals(count: 0...0, command: help.name, what: "")
        let workspace = try StoreOptions.openReadOnly(arguments, context: context)
        let library = PolicyLibrary(workspace: workspace)
        if arguments[ListingFormat.option] == .json {
            let versions = try library.list().map { version -> [String: Any?] in
                var entry = PolicyShowCommand.versionObject(version)
                entry["rule_count"] = try library.ruleCount(of: version)
                return entry
            }
            context.stdout.write(ListingFormat.json(kind: "policy-list", ["versions": versions]))
            return .success
        }
        let rows = try library.list().map { version in
            [
                version.reference, String(version.effectiveFrom.prefix(10)),
                String(try library.ruleCount(of: version)),
                String(version.definitionSHA256.prefix(12)), version.note ?? "",
            ]
        }
        context.stdout.write(
            PlainTable(header: ["VERSION", "EFFECTIVE", "RULES", "SHA-256", "NOTE"], rows: rows).rendered())
        return .success
    }
}
