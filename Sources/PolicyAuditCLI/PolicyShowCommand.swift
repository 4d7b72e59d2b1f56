import AuditRepositories
import PolicyAudit

/// `pwaudit policy show`: a stored version's canonical definition.
enum PolicyShowCommand: CLICommand {
    static let help = CommandHelp(
        name: "policy show", overview: "Print a version's canonical definition (NAME alone = latest).",
        usage: ["policy show NAME[@N] [--format text|json]"],
        arguments: [.init("NAME[@N]", "The version (NAME alone = latest).")])

    static let options: [any DeclaredOption] = [ListingFormat.option] + StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        let reference = try arguments.positionals(count: 1...1, command: help.name, what: "NAME[@N]")[0]
        let workspace = try StoreOptions.openReadOnly(arguments, context: context)
        let version = try PolicyArgument.storedVersions([reference], workspace: workspace, command: help.name)[0]
        guard arguments[ListingFormat.option] == .json else {
            context.stdout.line(try PolicyDisplay.policy(version.definition))
            return .success
        }
        var object = versionObject(version)
        object["definition"] = try PolicyDisplay.object(version.definition)
        context.stdout.write(ListingFormat.json(kind: "policy", ["version": object]))
        return .success
    }

    /// A stored version as the JSON listings show it: the report's **policy** object (`name`, `version`,
    /// `reference`, `definition_sha256`, `effective_from`) with `created_at` and `note`.
    static func versionObject(_ version: StoredVersion) -> [String: Any?] {
        [
            "name": version.name, "version": version.number, "reference": version.reference,
            "definition_sha256": version.definitionSHA256, "effective_from": version.effectiveFrom,
            "created_at": version.createdAt, "note": version.note,
        ]
    }
}
