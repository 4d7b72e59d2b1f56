extension Option where Value == Int {
    /// Declares an option whose value is a whole number above zero (`--rows N`).
    package static func positiveInteger(_ name: String, valueName: String, help: String) -> Option {
        Option(name, valueName: valueName, help: help) { text, option, command in
            guard let number = Int(text), number > 0 else {
                throw UsageError("option '\(option)' must be a positive whole number, not '\(text)'", command: command)
            }
            return number
        }
    }
}

extension Option where Value == String {
    /// Declares a `--run ID|latest` option: its value is `latest` or a positive run id, kept as typed.
    ///
    /// Anything else is a usage error (`--run abc` is a typo, not a run that does not exist).
    package static func runReference(_ name: String, help: String) -> Option {
        Option(name, valueName: "ID|latest", help: help) { text, option, command in
            guard text == "latest" || (Int64(text).map { $0 > 0 } ?? false) else {
                throw UsageError("option '\(option)' must be a run id or 'latest', not '\(text)'", command: command)
            }
            return text
        }
    }
}
