import PolicyAudit
import PolicyReports

/// `pwaudit policy at`: the version of a policy in force on a date.
enum PolicyAtCommand: CLICommand {
    static let help = CommandHelp(
        name: "policy at", overview: "Name the version in force on DATE.", usage: ["policy at NAME DATE"],
        arguments: [
            .init("NAME", "The policy."),
            .init("DATE", "The day (YYYY-MM-DD, to its end) or instant (ISO-8601 UTC)."),
        ])

    static let options = StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        let operands = try arguments.positionals(count: 2...2, command: help.name, what: "NAME DATE")
        guard let timestamp = EffectiveDate.normalized(operands[1], endOfDay: true) else {
            throw UsageError("'\(operands[1])' is not a date (YYYY-MM-DD or ISO-8601 UTC)", command: help.name)
        }
        let workspace = try StoreOptions.openReadOnly(arguments, context: context)
        let version = try PolicyLibrary(workspace: workspace).version(named: operands[0], inForceAt: timestamp)
        context.stdout.line("\(ReportText.terminalSafe(version.reference))\teffective \(version.effectiveFrom)")
        return .success
    }
}
