import PasswordPolicy
import PolicyReports

/// A command line parsed against the options a command declares, with each value converted to its type.
///
/// Accepts `--opt value`, `--opt=value` (and `-o value`, `-o=value` for a short alias), flags, positionals, and `--`
/// to end options.
/// `-h`/`--help` anywhere before `--` asks for help.
///
/// A value option never takes a following option as its value: `--label --strict` is a usage error (the value
/// must then be written `--label=--strict`). A single-valued option given twice is a usage error; a repeatable one
/// keeps every value.
package struct ParsedArguments: Sendable {
    /// Arguments that are not options, in order.
    package private(set) var positionals: [String] = []
    /// Where the first positional stands in the arguments (a command group finds its subcommand word there).
    private(set) var firstPositionalIndex: Int?
    /// True when `-h` or `--help` was given.
    package private(set) var wantsHelp = false
    /// The converted values, by option name, in the order given.
    private var values: [String: [any Sendable]] = [:]
    private var setFlags: Set<String> = []

    /// Parses `arguments` against `options` and converts every value.
    ///
    /// When help is asked for, values are not converted (a bad one does not hide the help).
    /// - Throws: `UsageError` naming an unknown option, a missing value, a single-valued option given twice or a
    ///   value that does not convert; a value type's own error (`ReportFormatError`) where it has one.
    package init(_ arguments: [String], options: [any DeclaredOption], command: String) throws {
        var texts: [(OptionDeclaration, String)] = []
        try self.init(scanning: arguments, options: options, command: command) { texts.append(($0, $1)) }
        guard !wantsHelp else { return }
        for (declaration, text) in texts {
            values[declaration.name, default: []].append(try declaration.convert(text, declaration.name, command))
        }
    }

    /// Scans `arguments` against `options` without converting values (a command group looks for its subcommand
    /// this way, against the options of all its subcommands).
    init(scanning arguments: [String], options: [any DeclaredOption], command: String) throws(UsageError) {
        try self.init(scanning: arguments, options: options, command: command) { _, _ in }
    }

    private init(
        scanning arguments: [String], options: [any DeclaredOption], command: String,
        value: (OptionDeclaration, String) -> Void
    ) throws(UsageError) {
        var declared: [String: OptionDeclaration] = [:]
        for declaration in options.map(\.declaration) {
            for spelling in declaration.spellings where declared[spelling] == nil { declared[spelling] = declaration }
        }
        // Seen where a value is expected, these are options, not values: `--anything`, `-h`, a declared alias (with
        // or without `=value`).
        func isOption(_ argument: String) -> Bool {
            argument.hasPrefix("--") || argument == "-h"
                || declared[String(argument.prefix { $0 != "=" })] != nil
        }
        var given: Set<String> = []
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                if positionals.isEmpty { firstPositionalIndex = index - 1 }
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
            // `--output=-` and `-o=-` alike: a short alias takes its value after `=` as its long name does.
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let declaration = declared[name] else {
                let known = options.map(\.declaration.name) + [Flag.help.name]
                throw UsageError(
                    "unknown option '\(name)'" + NameSuggestion.didYouMean(name, among: known), command: command)
            }
            name = declaration.name
            if declaration.arity == .flag {
                guard inlineValue == nil else { throw UsageError("option '\(name)' takes no value", command: command) }
                setFlags.insert(name)
                continue
            }
            if given.contains(name) && declaration.arity != .repeatable {
                throw UsageError("option '\(name)' is given more than once", command: command)
            }
            given.insert(name)
            if let inlineValue {
                value(declaration, inlineValue)
            } else if index < arguments.count, !isOption(arguments[index]) {
                value(declaration, arguments[index])
                index += 1
            } else {
                throw UsageError("option '\(name)' needs a value", command: command)
            }
        }
    }

    /// The value given for `option`, converted, if it was given.
    package subscript<Value>(option: Option<Value>) -> Value? {
        values[option.name]?.last as? Value
    }

    /// Every value given for `option`, converted, in order (repeats included).
    package subscript<Value>(option: RepeatedOption<Value>) -> [Value] {
        values[option.name]?.compactMap { $0 as? Value } ?? []
    }

    /// Whether the flag was given.
    package subscript(flag: Flag) -> Bool { setFlags.contains(flag.name) }

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
