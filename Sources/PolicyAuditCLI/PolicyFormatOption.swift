import PolicyAudit

/// The `--format json|passwordrules|pwquality` option `policy add` and `policy export` share.
enum PolicyFormatOption {
    /// Declares the option with its help line; an unknown format is a usage error while parsing.
    static func declare(help: String) -> Option<PolicyFormat> {
        Option<PolicyFormat>("--format", valueName: "F", help: help) { text, option, command in
            guard let format = PolicyFormat(rawValue: text) else {
                throw UsageError(
                    "option '\(option)' must be json, passwordrules or pwquality, not '\(text)'", command: command)
            }
            return format
        }
    }
}
