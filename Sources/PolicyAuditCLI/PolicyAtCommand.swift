import AuditTime
import PolicyAudit
import PolicyReports

/// `pwaudit policy at`: the version of a policy in force on a date.
enum PolicyAtCommand: CLICommand {
    static let help = CommandHelp(
        name: "policy at", overview: "Name the version in force on DATE.", usage: ["policy at NAME DATE"],
        arguments: [
            .init("NAME", "The policy."),
            .init("DATE", "The day (YYYY-MM-DD) or a time (ISO-8601; without a zone, UTC): its UTC day counts."),
        ],
        discussion: """
            A version is in force from the start of the UTC day of its effective date until the next version's:
            the version named is the one with the greatest effective date not after DATE's UTC day (ties: the
            higher version), as v_candidate_in_force and the history's in-force mode judge candidates.
            """)

    static let options = StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        let operands = try arguments.positionals(count: 2...2, command: help.name, what: "NAME DATE")
        guard let instant = UTCInstant.read(operands[1])?.instant else {
            throw UsageError(
                "'\(operands[1])' is not a date (YYYY-MM-DD, or an ISO-8601 time such as 2026-01-06T00:00:00Z)",
                command: help.name)
        }
        // Effective dates are midnights UTC, so the version in force at the instant is the one in force on its day.
        let workspace = try StoreOptions.openReadOnly(arguments, context: context)
        let version = try PolicyLibrary(workspace: workspace).version(named: operands[0], inForceAt: instant)
        context.stdout.line("\(ReportText.terminalSafe(version.reference))\teffective \(version.effectiveFrom)")
        return .success
    }
}
