/// A single-valued option and the type of its value: `arguments[ImportCommand.label]` is a `String?`.
///
/// Given twice, it is a usage error. A value that does not convert is refused while parsing, before the command
/// runs.
package struct Option<Value: Sendable>: DeclaredOption {
    /// What the parser and the help know of it.
    package let declaration: OptionDeclaration

    /// Declares an option whose value `parse` converts.
    /// - Parameters:
    ///   - name: The long name with its dashes (`--format`).
    ///   - alias: A short alias with its dash (`-o`).
    ///   - valueName: What the help calls the value (`FILE`).
    ///   - help: The help line.
    ///   - parse: Converts the text given; throws a usage error (or the value type's own error) for a bad one.
    package init(
        _ name: String, alias: String? = nil, valueName: String, help: String,
        parse: @escaping OptionConversion<Value>
    ) {
        declaration = .value(name, alias: alias, valueName: valueName, arity: .single, summary: help, parse: parse)
    }

    private init(declaration: OptionDeclaration) { self.declaration = declaration }

    /// The same option with another help line (the value is read the same way).
    package func withHelp(_ help: String) -> Option {
        Option(declaration: declaration.withSummary(help))
    }
}

extension Option where Value == String {
    /// Declares an option whose value is the text as given.
    package init(_ name: String, alias: String? = nil, valueName: String, help: String) {
        self.init(name, alias: alias, valueName: valueName, help: help) { text, _, _ in text }
    }
}
