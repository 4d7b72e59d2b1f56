import AuditRepositories

/// A statement's `:NAME` parameters rewritten as PostgreSQL's `$n`, found by `PostgresSQLTokenizer` (never inside a
/// string, a comment or a quoted identifier), so `pwaudit query --param NAME=VALUE` binds on PostgreSQL as on SQLite.
///
/// A `:` directly followed by a word is a parameter, unless it is one of a `::` cast's colons (`x::int` stays as it
/// is). Each distinct name gets the next number in order of first use; a name used twice is one `$n`. The values go to
/// the server as separate text parameters of unknown type, which it types from where they stand (`run_id = $1` as a
/// `bigint`): a value is never part of the SQL text.
enum PostgresNamedParameters {
    /// `sql` with `:NAME` as `$n`, and the names in their `$n` order.
    /// - Throws: `QueryError.unsupportedParameter` for a `$n` written in `sql`, or a `:` name PostgreSQL's words allow
    ///   but `QueryParameters.isName` does not (non-ASCII, `$`); `QueryError.refused` for text that is not closed.
    static func rewrite(_ sql: String) throws(QueryError) -> (sql: String, names: [String]) {
        let text = Array(sql.unicodeScalars)
        let tokens = try PostgresSQLTokenizer.rangedTokens(of: text)
        var names: [String] = []
        var output = String.UnicodeScalarView()
        var copied = 0
        for (position, entry) in tokens.enumerated() {
            if case .number = entry.token, text[entry.range.lowerBound] == "$" {
                throw .unsupportedParameter(text: String(String.UnicodeScalarView(text[entry.range])))
            }
            guard entry.token == .symbol(":"), position + 1 < tokens.count,
                case .word = tokens[position + 1].token, tokens[position + 1].range.lowerBound == entry.range.upperBound
            else { continue }
            if position > 0, tokens[position - 1].token == .symbol(":"),
                tokens[position - 1].range.upperBound == entry.range.lowerBound
            {
                continue  // the second colon of a `::` cast
            }
            let nameRange = tokens[position + 1].range
            let name = String(String.UnicodeScalarView(text[nameRange]))
            guard QueryParameters.isName(name) else { throw .unsupportedParameter(text: ":" + name) }
            if !names.contains(name) { names.append(name) }
            output.append(contentsOf: text[copied..<entry.range.lowerBound])
            output.append(contentsOf: "$\((names.firstIndex(of: name) ?? 0) + 1)".unicodeScalars)
            copied = nameRange.upperBound
        }
        output.append(contentsOf: text[copied...])
        return (String(output), names)
    }
}
