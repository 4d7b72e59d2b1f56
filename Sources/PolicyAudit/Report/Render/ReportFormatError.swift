/// A report format that pwaudit does not know.
package enum ReportFormatError: Error, Equatable, CustomStringConvertible {
    /// The text given is not one of the format names.
    case unknownFormat(String)

    /// One actionable sentence for the user.
    package var description: String {
        switch self {
        case .unknownFormat(let name):
            let names = ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")
            return "Unknown report format '\(ReportText.terminalSafe(name))'; use one of: \(names)."
        }
    }
}
