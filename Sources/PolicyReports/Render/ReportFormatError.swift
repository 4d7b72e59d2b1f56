import ExitStatus

/// A report format that pwaudit does not know.
package enum ReportFormatError: Equatable, UserFacingError {
    /// The text given is not one of the format names.
    case unknownFormat(String)

    /// The exit code a command ends with when this error stops it.
    package var exitCode: ExitCode {
        switch self {
        case .unknownFormat: .usage
        }
    }

    /// One actionable sentence for the user.
    package var userMessage: String {
        switch self {
        case .unknownFormat(let name):
            let names = ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")
            return "Unknown report format '\(ReportText.terminalSafe(name))'; use one of: \(names)."
        }
    }
}
