import PolicyAudit
import PolicyCompliance
import PolicyReports

/// `pwaudit compliance`: stored policy versions judged clause by clause against password standards.
enum ComplianceCommand: CLICommand {
    static let help = CommandHelp(
        name: "compliance",
        overview: "Check stored policy versions against password standards (NIST, OWASP ASVS, PCI DSS, CIS, …).",
        usage: [
            "compliance [--policy NAME[@N]]... [--standard ID]... [--all-versions] "
                + "[--format table|json|csv|markdown|html] [--output FILE] [--fail-on shall|should|never]"
        ],
        discussion: """
            Each clause of each standard gets a verdict: pass, fail, not-applicable (the declared usage makes it
            moot), needs-evidence (what a policy file cannot show: hashing, TLS, UI, process) or unknown (an
            attribute such as history is not declared). Conflicts between the standards (PCI's letters-and-digits
            rule against NIST's ban on composition rules) are listed, never resolved by picking one. Beside the
            length and blocklist clauses: figures from the latest complete run. Exit 1 when a clause at the
            --fail-on level fails. Standards: \(ComplianceCatalog.standards.map(\.id).joined(separator: ", ")).
            Clauses and citations: docs/compliance.md.
            Examples:
              pwaudit compliance --policy corp --standard nist-800-63b-4 --standard pci-dss-4.0.1
              pwaudit compliance --all-versions --format html --output compliance.html
            """)

    /// `--policy NAME[@N]`, repeatable.
    static let policy = RepeatedOption<String>(
        "--policy", valueName: "NAME[@N]",
        help: "Only this version (NAME alone: its latest, or every version with --all-versions); repeatable.")
    /// `--standard ID`, repeatable.
    static let standard = RepeatedOption<String>(
        "--standard", valueName: "ID", help: "Only this standard (default: all); repeatable.")
    /// `--all-versions`.
    static let allVersions = Flag(
        "--all-versions", help: "Every stored version, not just the latest: the version × standard matrix.")
    /// `--fail-on shall|should|never`: the severity whose failure makes the exit code 1.
    static let failOn = Option<FailOnLevel>(
        "--fail-on", valueName: "LEVEL",
        help: "Exit 1 when a clause fails at this level: shall (default), should (or shall), never."
    ) { text, option, command in
        guard let level = FailOnLevel(rawValue: text) else {
            throw UsageError("option '\(option)' must be shall, should or never, not '\(text)'", command: command)
        }
        return level
    }

    static let options: [any DeclaredOption] =
        [policy, standard, allVersions] + ReportOutput.all + [failOn] + StoreOptions.all

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        _ = try arguments.positionals(count: 0...0, command: "compliance", what: "")
        let references = try arguments[policy].map { try PolicyArgument.reference($0, command: "compliance") }
        let standards = arguments[standard]
        _ = try ComplianceAudit.standards(standards)  // a typo is refused before the database is opened
        let workspace = try StoreOptions.openReadOnly(arguments, context: context)
        let report = try ComplianceAudit(workspace: workspace).build(
            ComplianceRequest(policies: references, standards: standards, allVersions: arguments[allVersions]))
        let written = try ReportOutput.emit(command: "compliance", arguments: arguments, context: context) {
            report.rendered(as: $0, useColor: $1)
        }
        guard let threshold = (arguments[failOn] ?? .shall).threshold, report.fails(atOrAbove: threshold) else {
            return written
        }
        return .findings
    }
}
