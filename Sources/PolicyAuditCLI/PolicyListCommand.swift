import PolicyAudit

/// `pwaudit policy list`: every stored version, with its effective day, rule count, digest and note.
enum PolicyListCommand: CLICommand {
    static let help = CommandHelp(name: "policy list", overview: "List every stored version.", usage: ["policy list"])

    static let options = StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        _ = try arguments.positionals(count: 0...0, command: help.name, what: "")
        let workspace = try StoreOptions.openReadOnly(arguments, context: context)
        let library = PolicyLibrary(workspace: workspace)
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
