/// An option a command declares (`Option`, `RepeatedOption`, `Flag`): it hands the parser and the help one
/// `OptionDeclaration`.
package protocol DeclaredOption: Sendable {
    /// The option's name, arity, conversion and help line.
    var declaration: OptionDeclaration { get }
}

extension DeclaredOption {
    /// The option's long name, e.g. `--output`.
    package var name: String { declaration.name }
}
