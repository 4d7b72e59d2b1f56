/// An option without a value: `arguments[ImportCommand.strict]` is whether it was given.
package struct Flag: DeclaredOption {
    /// What the parser and the help know of it.
    package let declaration: OptionDeclaration

    /// Declares a flag.
    /// - Parameters:
    ///   - name: The long name with its dashes (`--strict`).
    ///   - alias: A short alias with its dash.
    ///   - help: The help line.
    package init(_ name: String, alias: String? = nil, help: String) {
        declaration = OptionDeclaration(
            name: name, alias: alias, valueName: nil, arity: .flag, summary: help, convert: { text, _, _ in text })
    }

    /// `-h, --help`, which every command accepts (the parser handles it itself; this is its help line).
    package static let help = Flag("--help", alias: "-h", help: "Show help.")

    /// `--version`, which only `pwaudit` itself accepts.
    package static let version = Flag("--version", help: "Show the version.")
}
