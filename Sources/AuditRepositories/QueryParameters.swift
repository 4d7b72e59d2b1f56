/// The values `pwaudit query --param NAME=VALUE` gives the statement's `:NAME` parameters, and the checks both stores
/// make of them: every parameter the statement names has a value, every value given is used, and a parameter is
/// written `:NAME` (a letter or `_`, then letters, digits and `_`).
///
/// A value is bound, never spliced into the SQL text: SQLite binds it to the named parameter
/// (`sqlite3_bind_parameter_index`), PostgreSQL receives the statement with each `:NAME` rewritten to `$n` and the
/// values as separate parameters (`PQsendQueryParams`).
package struct QueryParameters: Sendable, Equatable {
    /// The values by name (without the colon).
    package var values: [String: String]

    /// Parameters with `values`.
    package init(_ values: [String: String] = [:]) { self.values = values }

    /// No parameters.
    package static let none = QueryParameters()

    /// Whether `name` may be a parameter's name: a letter or `_`, then letters, digits and `_`, ASCII.
    package static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, isNameStart(first) else { return false }
        return name.unicodeScalars.allSatisfy { isNameStart($0) || ("0"..."9").contains($0) }
    }

    /// A letter or `_` (ASCII).
    package static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }

    /// The values for `names` (the statement's parameters, in the order the store numbers them), checked.
    /// - Throws: `QueryError.missingParameter` for a name without a value, `.unusedParameter` for a value no
    ///   parameter takes.
    package func values(for names: [String]) throws(QueryError) -> [String] {
        var bound: [String] = []
        for name in names {
            guard let value = values[name] else { throw .missingParameter(name: name) }
            bound.append(value)
        }
        let used = Set(names)
        if let unused = values.keys.sorted().first(where: { !used.contains($0) }) {
            throw .unusedParameter(name: unused, used: names)
        }
        return bound
    }
}
