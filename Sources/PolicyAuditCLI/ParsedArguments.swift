/// The options one command accepts, and the parse of its command line against them.
///
/// Accepts `--opt value`, `--opt=value`, flags, positionals, and `--` to end options.
/// `-h`/`--help` anywhere before `--` asks for help.
///
/// A value option never takes a following option as its value: `--label --strict` is a usage error (the value
/// must then be written `--label=--strict`). A value option given twice is a usage error unless the spec declares
/// it repeatable.
package struct ParsedArguments: Sendable {
    /// What a command declares: options that take a value and flags that do not.
    package struct Spec: Sendable {
        package var valueOptions: Set<String>
        package var flags: Set<String>
        /// Short aliases, e.g. `-o` for `--output`.
        package var aliases: [String: String]
        /// The value options that may be given more than once (e.g. `--policy`); the others may appear once.
        package var repeatable: Set<String>

        /// Declares the accepted options (names include the leading dashes); `repeatable` must be value options.
        package init(
            values: Set<String> = [], flags: Set<String> = [], aliases: [String: String] = [:],
            repeatable: Set<String> = []
        ) {
            self.valueOptions = values.union(repeatable)
            self.flags = flags
            self.aliases = aliases
            self.repeatable = repeatable
        }

        /// Whether `argument`, seen where a value is expected, is an option rather than a value: `--anything`, `-h`,
        /// or a declared short alias.
        func isOption(_ argument: String) -> Bool {
            argument.hasPrefix("--") || argument == "-h" || aliases[argument] != nil
        }
    }

    /// Arguments that are not options, in order.
    package private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var setFlags: Set<String> = []
    /// True when `-h` or `--help` was given.
    package private(set) var wantsHelp = false

    /// Parses `arguments` against `spec`.
    /// - Throws: `UsageError` naming an unknown option, a missing value, or a single-valued option given twice.
    package init(_ arguments: [String], spec: Spec, command: String) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                wantsHelp = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            name = spec.aliases[name] ?? name
            if spec.flags.contains(name) {
                guard inlineValue == nil else { throw UsageError("option '\(name)' takes no value", command: command) }
                setFlags.insert(name)
            } else if spec.valueOptions.contains(name) {
                if values[name] != nil && !spec.repeatable.contains(name) {
                    throw UsageError("option '\(name)' is given more than once", command: command)
                }
                if let inlineValue {
                    values[name, default: []].append(inlineValue)
                } else if index < arguments.count, !spec.isOption(arguments[index]) {
                    values[name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw UsageError("option '\(name)' needs a value", command: command)
                }
            } else {
                throw UsageError("unknown option '\(name)'", command: command)
            }
        }
    }

    /// The value given for `name`, if any (the last one for a repeatable option).
    package func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given for a repeatable option, in order.
    package func values(_ name: String) -> [String] { values[name] ?? [] }

    /// Whether the flag `name` was given.
    package func flag(_ name: String) -> Bool { setFlags.contains(name) }

    /// Parses the value of `name` as a positive integer, if given.
    package func positiveInt(_ name: String, command: String) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), number > 0 else {
            throw UsageError("option '\(name)' must be a positive whole number, not '\(text)'", command: command)
        }
        return number
    }

    /// The value of a `--run ID|latest` option `name`, if given: `latest` or a positive run id.
    /// - Throws: `UsageError` for anything else (`--run abc` is a typo, not a run that does not exist).
    package func runReference(_ name: String, command: String) throws(UsageError) -> String? {
        guard let text = value(name) else { return nil }
        guard text == "latest" || (Int64(text).map { $0 > 0 } ?? false) else {
            throw UsageError("option '\(name)' must be a run id or 'latest', not '\(text)'", command: command)
        }
        return text
    }

    /// The positionals, checked against an exact count range.
    package func positionals(
        count range: ClosedRange<Int>, command: String, what: String
    ) throws(UsageError) -> [String] {
        if positionals.count < range.lowerBound { throw UsageError("missing \(what)", command: command) }
        if positionals.count > range.upperBound {
            throw UsageError("unexpected argument '\(positionals[range.upperBound])'", command: command)
        }
        return positionals
    }
}
