import AuditRepositories

/// PostgreSQL's lexical structure, as far as `PostgresQueryGuard` needs it: words (folded to lower case), quoted
/// identifiers (as written), and symbols; strings, numbers, parameters and comments are skipped.
///
/// Follows <https://www.postgresql.org/docs/current/sql-syntax-lexical.html> with `standard_conforming_strings` on
/// (the server's default, which a query cannot change: `SET` is refused): `'…'` with `''`, `E'…'` with backslash
/// escapes, `U&'…'`, `B'…'`, `X'…'`, `$tag$…$tag$` dollar quotes, `"…"` and `U&"…"` identifiers with `""`, `--` to the
/// end of the line and `/* … */` nested. Text it cannot close (an open string or comment) is refused rather than
/// guessed at.
enum PostgresSQLTokenizer {
    /// One token.
    enum Token: Equatable {
        /// An unquoted identifier or keyword, in lower case (as the server folds it).
        case word(String)
        /// A `"…"` identifier, as written (its `""` made one `"`).
        case quotedIdentifier(String)
        /// A string constant; its content is not kept.
        case string
        /// A number or a `$n` parameter.
        case number
        /// Any other character: an operator, `(`, `)`, `,`, `;`, `.`, `::`…
        case symbol(String)
    }

    /// The tokens of `sql`.
    /// - Throws: `QueryError.refused` for a string, identifier or comment that is not closed.
    static func tokens(of sql: String) throws(QueryError) -> [Token] {
        try rangedTokens(of: Array(sql.unicodeScalars)).map(\.token)
    }

    /// The tokens of `text` with where each stands in it (scalar offsets), for `PostgresNamedParameters`.
    /// - Throws: `QueryError.refused` for a string, identifier or comment that is not closed.
    static func rangedTokens(of text: [Unicode.Scalar]) throws(QueryError) -> [(token: Token, range: Range<Int>)] {
        var ranged: [(token: Token, range: Range<Int>)] = []
        var index = 0
        var tokenStart = 0
        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < text.count ? text[index + offset] : nil
        }
        var pending: Token?  // the token just read, recorded with its range once `index` stands after it
        while index < text.count {
            tokenStart = index
            defer {
                if let token = pending { ranged.append((token, tokenStart..<index)) }
                pending = nil
            }
            let scalar = text[index]
            if scalar.properties.isWhitespace {
                index += 1
            } else if scalar == "-" && peek(1) == "-" {
                while index < text.count && text[index] != "\n" && text[index] != "\r" { index += 1 }
            } else if scalar == "/" && peek(1) == "*" {
                index = try skipBlockComment(text, from: index)
            } else if scalar == "'" {
                index = try skipString(text, from: index, backslashEscapes: false)
                pending = .string
            } else if (scalar == "e" || scalar == "E") && peek(1) == "'" {
                index = try skipString(text, from: index + 1, backslashEscapes: true)
                pending = .string
            } else if "bBxXnN".unicodeScalars.contains(scalar) && peek(1) == "'" {
                index = try skipString(text, from: index + 1, backslashEscapes: false)
                pending = .string
            } else if (scalar == "u" || scalar == "U") && peek(1) == "&" && (peek(2) == "'" || peek(2) == "\"") {
                if peek(2) == "'" {
                    index = try skipString(text, from: index + 2, backslashEscapes: false)
                    pending = .string
                } else {
                    let (name, end) = try quotedIdentifier(text, from: index + 2)
                    index = end
                    pending = .quotedIdentifier(name)
                }
            } else if scalar == "\"" {
                let (name, end) = try quotedIdentifier(text, from: index)
                index = end
                pending = .quotedIdentifier(name)
            } else if scalar == "$", let end = try skipDollarQuote(text, from: index) {
                index = end
                pending = .string
            } else if scalar == "$" || isDigit(scalar) || (scalar == "." && peek(1).map(isDigit) == true) {
                index += 1
                while index < text.count && (isWordPart(text[index]) || text[index] == ".") { index += 1 }
                pending = .number
            } else if isWordStart(scalar) {
                let start = index
                while index < text.count && isWordPart(text[index]) { index += 1 }
                var word = String.UnicodeScalarView()
                word.append(contentsOf: text[start..<index])
                pending = .word(String(word).lowercased())
            } else {
                index += 1
                pending = .symbol(String(scalar))
            }
        }
        return ranged
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// A letter, `_` or any non-ASCII character (the server takes bytes 0x80–0xFF as letters).
    private static func isWordStart(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" || scalar.value > 0x7F
    }

    private static func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
        isWordStart(scalar) || isDigit(scalar) || scalar == "$"
    }

    /// The index after the `'…'` starting at `start`.
    private static func skipString(_ text: [Unicode.Scalar], from start: Int, backslashEscapes: Bool)
        throws(QueryError) -> Int
    {
        var index = start + 1
        while index < text.count {
            if backslashEscapes && text[index] == "\\" {
                index += 2
            } else if text[index] == "'" {
                if index + 1 < text.count && text[index + 1] == "'" {
                    index += 2
                } else {
                    return index + 1
                }
            } else {
                index += 1
            }
        }
        throw .refused(action: "a string constant that is not closed")
    }

    /// The name and the index after the `"…"` starting at `start`.
    private static func quotedIdentifier(_ text: [Unicode.Scalar], from start: Int) throws(QueryError) -> (
        String, Int
    ) {
        var name = String.UnicodeScalarView()
        var index = start + 1
        while index < text.count {
            if text[index] == "\"" {
                if index + 1 < text.count && text[index + 1] == "\"" {
                    name.append("\"")
                    index += 2
                } else {
                    return (String(name), index + 1)
                }
            } else {
                name.append(text[index])
                index += 1
            }
        }
        throw .refused(action: "a quoted identifier that is not closed")
    }

    /// The index after the `/* … */` (nested) starting at `start`.
    private static func skipBlockComment(_ text: [Unicode.Scalar], from start: Int) throws(QueryError) -> Int {
        var depth = 0
        var index = start
        while index < text.count {
            if text[index] == "/" && index + 1 < text.count && text[index + 1] == "*" {
                depth += 1
                index += 2
            } else if text[index] == "*" && index + 1 < text.count && text[index + 1] == "/" {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        throw .refused(action: "a comment that is not closed")
    }

    /// The index after the `$tag$…$tag$` starting at `start`, or nil when the `$` opens no dollar quote (`$1`).
    private static func skipDollarQuote(_ text: [Unicode.Scalar], from start: Int) throws(QueryError) -> Int? {
        var index = start + 1
        if index < text.count && isDigit(text[index]) { return nil }
        while index < text.count && text[index] != "$" {
            guard isWordStart(text[index]) || isDigit(text[index]) else { return nil }
            index += 1
        }
        guard index < text.count else { return nil }
        let tag = Array(text[start...index])
        index += 1
        while index + tag.count <= text.count {
            if text[index] == "$" && Array(text[index..<(index + tag.count)]) == tag { return index + tag.count }
            index += 1
        }
        throw .refused(action: "a dollar-quoted string that is not closed")
    }
}
