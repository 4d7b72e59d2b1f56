import ExitStatus
import PolicyInterchange

/// Why a policy could not be imported from, or exported to, another system's format.
package enum PolicyConversionError: Equatable, UserFacingError {
    /// A `pwquality.conf` file libpwquality would refuse too.
    case invalidConf(path: String, error: InterchangeError)
    /// An empty `passwordrules` argument (`file` nil) or file: there is no rule to import.
    case emptyPasswordRules(file: String?)
    /// A `passwordrules` argument that names no file, of which Apple's parser keeps no rule (`reasons`: its
    /// warnings): most likely a mistyped file name.
    case noPasswordRules(argument: String, reasons: [String])
    /// A `passwordrules` file of which Apple's parser keeps no rule (`reasons`: its warnings).
    case everyPasswordRuleDiscarded(file: String, reasons: [String])
    /// The policy has rules `format` cannot express, and a lossy export was not asked for; `rules` are
    /// `id (rule)` pairs.
    case unexpressible(format: String, rules: [String])

    /// Bad data (65): the input or the policy does not fit the format.
    package var exitCode: ExitCode {
        switch self {
        case .invalidConf, .unexpressible, .emptyPasswordRules, .noPasswordRules, .everyPasswordRuleDiscarded:
            .dataError
        }
    }

    /// One sentence saying what went wrong and what to do.
    package var userMessage: String {
        switch self {
        case .invalidConf(let path, let error): "\(path): \(error.userMessage)"
        case .emptyPasswordRules(let file):
            (file.map { "\($0) is empty" } ?? "the passwordrules argument is empty")
                + ": give Apple password rules such as 'minlength: 8; required: upper;', or a file holding them"
        case .noPasswordRules(let argument, let reasons):
            "'\(Self.shortened(argument))' names no file, and read as Apple password rules it holds no rule Apple's "
                + "parser keeps (\(Self.listed(reasons))); check the file name, or give rules such as 'minlength: 8;'"
        case .everyPasswordRuleDiscarded(let file, let reasons):
            "Apple's parser discards every rule in \(file) (\(Self.listed(reasons))); nothing was stored: fix the rules"
        case .unexpressible(let format, let rules):
            "\(format) cannot express \(rules.joined(separator: ", ")); pass --lossy to leave them out"
        }
    }

    /// At most 60 characters of `text`, an ellipsis marking a cut.
    private static func shortened(_ text: String) -> String {
        text.count <= 60 ? text : text.prefix(59) + "…"
    }

    /// The first three of `reasons`, an ellipsis marking more.
    private static func listed(_ reasons: [String]) -> String {
        guard !reasons.isEmpty else { return "no property" }
        return reasons.prefix(3).joined(separator: "; ") + (reasons.count > 3 ? "; …" : "")
    }
}
