/// Converts the text given for an option into its value: `text` as typed, the option's name and the command (for
/// the usage error a bad value is).
package typealias OptionConversion<Value> =
    @Sendable (_ text: String, _ option: String, _ command: String) throws -> Value

/// What the parser and the help know of one option: its names, how many values it takes, how a value converts, and
/// its help line.
///
/// Commands do not build these directly: they declare a typed `Option`, `RepeatedOption` or `Flag`, which gives the
/// command its value and hands this declaration to the parser and the help.
package struct OptionDeclaration: DeclaredOption {
    /// How many values an option takes.
    package enum Arity: Sendable, Equatable {
        /// No value: present or not (`--strict`).
        case flag
        /// One value, given at most once (`--label TEXT`).
        case single
        /// One value each time, given any number of times (`--policy NAME[@N]`).
        case repeatable
    }

    /// The long name with its dashes, e.g. `--output`.
    package let name: String
    /// A short alias with its dash, e.g. `-o`.
    package let alias: String?
    /// What the help calls the value (`FILE`); nil for a flag.
    package let valueName: String?
    /// How many values the option takes.
    package let arity: Arity
    /// The help line's text.
    package let summary: String
    /// Converts one value; unused for flags.
    let convert: OptionConversion<any Sendable>

    /// Declares an option.
    init(
        name: String, alias: String?, valueName: String?, arity: Arity, summary: String,
        convert: @escaping OptionConversion<any Sendable>
    ) {
        precondition(name.hasPrefix("--") && (alias.map { $0.hasPrefix("-") && !$0.hasPrefix("--") } ?? true))
        precondition((arity == .flag) == (valueName == nil), "a flag has no value name, a value option has one")
        self.name = name
        self.alias = alias
        self.valueName = valueName
        self.arity = arity
        self.summary = summary
        self.convert = convert
    }

    /// Declares a value option (single or repeatable) whose values `parse` converts.
    static func value<Value: Sendable>(
        _ name: String, alias: String?, valueName: String, arity: Arity, summary: String,
        parse: @escaping OptionConversion<Value>
    ) -> OptionDeclaration {
        OptionDeclaration(
            name: name, alias: alias, valueName: valueName, arity: arity, summary: summary,
            convert: { try parse($0, $1, $2) })
    }

    /// The declaration itself.
    package var declaration: OptionDeclaration { self }

    /// The names the option may be typed as: the long name, then the alias.
    package var spellings: [String] { [name] + (alias.map { [$0] } ?? []) }

    /// The left column of its help line: `-o, --output FILE`.
    package var synopsis: String {
        (alias.map { "\($0), " } ?? "") + name + (valueName.map { " \($0)" } ?? "")
    }

    /// The same option with another help line, for a command that says more about it (`check`'s `--db`).
    package func withSummary(_ summary: String) -> OptionDeclaration {
        OptionDeclaration(
            name: name, alias: alias, valueName: valueName, arity: arity, summary: summary, convert: convert)
    }
}
