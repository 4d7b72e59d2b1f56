/// An option that may be given any number of times, and the type of each value: `arguments[ImportCommand.policy]`
/// is a `[String]`, in the order given, repeats included.
package struct RepeatedOption<Value: Sendable>: DeclaredOption {
    /// What the parser and the help know of it.
    package let declaration: OptionDeclaration

    /// Declares a repeatable option whose values `parse` converts (see `Option.init(_:alias:valueName:help:parse:)`).
    package init(
        _ name: String, alias: String? = nil, valueName: String, help: String,
        parse: @escaping OptionConversion<Value>
    ) {
        declaration = .value(
            name, alias: alias, valueName: valueName, arity: .repeatable, summary: help, parse: parse)
    }
}

extension RepeatedOption where Value == String {
    /// Declares a repeatable option whose values are the text as given.
    package init(_ name: String, alias: String? = nil, valueName: String, help: String) {
        self.init(name, alias: alias, valueName: valueName, help: help) { text, _, _ in text }
    }
}
