import ExitStatus
import PolicyCompliance

/// Why a compliance report could not be made as asked.
package enum ComplianceError: Equatable, UserFacingError {
    /// `--standard` names no standard pwaudit knows.
    case unknownStandard(String)

    /// The exit code a command ends with when this error stops it.
    package var exitCode: ExitCode {
        switch self {
        case .unknownStandard: .usage
        }
    }

    /// One sentence saying what went wrong and what to do.
    package var userMessage: String {
        switch self {
        case .unknownStandard(let id):
            "unknown standard '\(id)'; use one of "
                + ComplianceCatalog.standards.map(\.id).joined(separator: ", ")
        }
    }
}
