import ExitStatus
import PolicyInterchange

/// Why a policy could not be imported from, or exported to, another system's format.
package enum PolicyConversionError: Equatable, UserFacingError {
    /// A `pwquality.conf` file libpwquality would refuse too.
    case invalidConf(path: String, error: InterchangeError)
    /// The policy has rules `format` cannot express, and a lossy export was not asked for; `rules` are
    /// `id (rule)` pairs.
    case unexpressible(format: String, rules: [String])

    /// Bad data (65): the input or the policy does not fit the format.
    package var exitCode: ExitCode {
        switch self {
        case .invalidConf, .unexpressible: .dataError
        }
    }

    /// One sentence saying what went wrong and what to do.
    package var userMessage: String {
        switch self {
        case .invalidConf(let path, let error): "\(path): \(error.userMessage)"
        case .unexpressible(let format, let rules):
            "\(format) cannot express \(rules.joined(separator: ", ")); pass --lossy to leave them out"
        }
    }
}
