import PasswordPolicy
import PolicyCSV

/// Something an import or rescore goes on with but the user should know: its figures may not mean what they seem.
package enum CSVImportWarning: Equatable, Sendable, CustomStringConvertible {
    /// A version's `context` rule compares the password with fields the file has no column for (`columns`, as the
    /// mapping names them); that part of the rule passes every row.
    case contextColumnsMissing(reference: String, ruleID: String, columns: [String])
    /// The header names none of the context columns (`columns`: the username, e-mail and time columns as the mapping
    /// names them): the figures that need them will be empty.
    case noContextColumns(columns: [String])

    /// One sentence, without the `warning:` prefix.
    package var description: String {
        switch self {
        case .contextColumnsMissing(let reference, let ruleID, let columns):
            let listed = columns.map { "'\($0)'" }.joined(separator: " and ")
            return "\(reference) rule '\(ruleID)' compares passwords with the \(listed) column"
                + "\(columns.count == 1 ? "" : "s"), which the file does not have: it passes every row on "
                + "\(columns.count == 1 ? "that field" : "them") (map a column with --user-column or --email-column)"
        case .noContextColumns(let columns):
            let listed = columns.map { "'\($0)'" }.joined(separator: ", ")
            return "the header names no username, e-mail or time column (\(listed)): context rules and banned-terms "
                + "name matching pass every row, --accounts and v_account_last_candidate hold no account, and history "
                + "by day, week or month and --in-force have no dated candidate (all 'time: none'); name the columns "
                + "with --user-column, --email-column or --time-column"
        }
    }

    /// The warnings for scoring `policies` (with their references) on a file whose columns `validator` resolved.
    package static func contextWarnings(
        for policies: [(reference: String, policy: PasswordPolicy)], validator: CSVRowValidator,
        mapping: CSVColumnMapping
    ) -> [CSVImportWarning] {
        let present = validator.hasColumn
        var warnings: [CSVImportWarning] = []
        if !present.username, !present.email, !validator.hasTimeColumn {
            warnings.append(
                .noContextColumns(columns: [.username, .email, .submittedAt].map { mapping.columnName(for: $0) }))
        }
        for (reference, policy) in policies {
            for rule in policy.rules {
                guard case .context(let fields, _, _) = rule.kind else { continue }
                var missing: [String] = []
                if fields.contains(.username), !present.username { missing.append(mapping.columnName(for: .username)) }
                if fields.contains(.email), !present.email { missing.append(mapping.columnName(for: .email)) }
                if !missing.isEmpty {
                    warnings.append(.contextColumnsMissing(reference: reference, ruleID: rule.id, columns: missing))
                }
            }
        }
        return warnings
    }
}
