/// What the error-table tests check: a table of errors names every case its enum declares.
package enum ErrorTableCoverage {
    /// The distinct case names among `errors` of the type called `type`, and how many cases that enum declares in
    /// `Sources/<file>`.
    package static func cases(
        of type: String, in errors: [any Error], declaredIn file: String
    ) throws -> (names: Set<String>, declared: Int) {
        let names = Set(errors.filter { "\(Swift.type(of: $0))" == type }.map(caseName))
        return (names, try SourceTree.caseDeclarationCount(in: "Sources/\(file)"))
    }

    /// The case's name (`runNotFound`) from its mirror; a case without payload has none, its message stands in.
    static func caseName(_ error: any Error) -> String {
        Mirror(reflecting: error).children.first?.label ?? String(describing: error as Any)
    }
}
