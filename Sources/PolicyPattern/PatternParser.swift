/// Parses the documented `pattern` syntax (a subset of ICU's, see docs/policy-format.md) into a ``PatternNode``.
///
/// Everything outside the subset — backreferences, lookaround, atomic groups, possessive quantifiers, unknown
/// escapes and flags — is refused with a ``PatternError`` saying what and where, never silently read as
/// something else.
struct PatternParser {
    /// Inline flags in force.
    struct Flags: Equatable {
        /// `(?i)`: literals and classes match either case.
        var caseInsensitive = false
        /// `(?s)`: `.` also matches line terminators.
        var dotAll = false
    }

    /// Groups may nest at most this deep.
    static let maximumDepth = 100

    let scalars: [Unicode.Scalar]
    var index = 0
    var depth = 0

    init(_ pattern: String) {
        scalars = Array(pattern.unicodeScalars)
    }

    /// Parses the whole pattern.
    static func parse(_ pattern: String) throws(PatternError) -> PatternNode {
        var parser = PatternParser(pattern)
        guard !parser.scalars.isEmpty else { throw PatternError(reason: "must not be empty") }
        var flags = Flags()
        let node = try parser.parseAlternation(&flags)
        if parser.index < parser.scalars.count {
            // Only an unmatched ")" stops the top-level alternation early.
            throw parser.error("unmatched \")\"", at: parser.index)
        }
        return node
    }

    var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    func error(_ what: String, at offset: Int) -> PatternError {
        PatternError(reason: "\(what) at offset \(offset)")
    }

    mutating func parseAlternation(_ flags: inout Flags) throws(PatternError) -> PatternNode {
        var branches = [try parseConcatenation(&flags)]
        while peek == "|" {
            index += 1
            branches.append(try parseConcatenation(&flags))
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseConcatenation(_ flags: inout Flags) throws(PatternError) -> PatternNode {
        var items: [PatternNode] = []
        while let scalar = peek, scalar != "|", scalar != ")" {
            let start = index
            guard let atom = try parseAtom(&flags) else { continue }
            items.append(try parseQuantifiers(atom, atomStart: start))
        }
        return items.count == 1 ? items[0] : (items.isEmpty ? .empty : .concatenation(items))
    }

    /// One atom, or `nil` for a construct that matches nothing and takes no quantifier (a flag group, a comment).
    private mutating func parseAtom(_ flags: inout Flags) throws(PatternError) -> PatternNode? {
        let start = index
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case "(": return try parseGroup(&flags, start: start)
        case "[": return .set(try parseClass(flags, start: start))
        case ".": return .any(dotAll: flags.dotAll)
        case "^": return .assertion(.start)
        case "$": return .assertion(.end)
        case "\\": return try parseEscape(flags, start: start)
        case "*", "+", "?":
            throw error("quantifier \"\(scalar)\" has nothing to repeat", at: start)
        case "{", "}":
            throw error("unescaped \"\(scalar)\" (write \\\(scalar) for the character)", at: start)
        default: return literal(scalar.value, flags)
        }
    }

    /// A literal scalar under `flags`.
    func literal(_ value: UInt32, _ flags: Flags) -> PatternNode {
        guard flags.caseInsensitive else { return .scalar(value) }
        let variants = PatternCaseFolding.variants(of: value)
        return variants.count == 1 ? .scalar(value) : .set(PatternClass(ranges: variants.map { $0...$0 }))
    }

    private mutating func parseGroup(_ outer: inout Flags, start: Int) throws(PatternError) -> PatternNode? {
        var inner = outer
        if peek == "?" {
            index += 1
            switch peek {
            case ":": index += 1
            case "=", "!":
                throw error("lookahead \"(?\(peek!)\" is not supported", at: start)
            case ">": throw error("atomic groups \"(?>\" are not supported", at: start)
            case "#":
                while let scalar = peek, scalar != ")" { index += 1 }
                guard peek == ")" else { throw error("comment \"(?#\" is not closed with \")\"", at: start) }
                index += 1
                return nil
            case "<":
                if peek(1) == "=" || peek(1) == "!" {
                    throw error("lookbehind \"(?<\(peek(1)!)\" is not supported", at: start)
                }
                index += 1
                let nameStart = index
                while let scalar = peek, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                    index += 1
                }
                guard peek == ">", index > nameStart else { throw error("malformed group name", at: start) }
                index += 1
            default:
                if try parseFlags(&inner, start: start) {
                    // "(?i)": applies to the rest of the enclosing group.
                    outer = inner
                    return nil
                }
            }
        }
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw error("groups nest deeper than \(Self.maximumDepth) levels", at: start)
        }
        let body = try parseAlternation(&inner)
        guard peek == ")" else { throw error("group opened here is not closed with \")\"", at: start) }
        index += 1
        depth -= 1
        return body
    }

    /// Reads `i`, `s` and `-` up to `)` (returns `true`) or `:` (returns `false`, a scoped group follows).
    private mutating func parseFlags(_ flags: inout Flags, start: Int) throws(PatternError) -> Bool {
        var on = true
        while let scalar = peek {
            index += 1
            switch scalar {
            case "i": flags.caseInsensitive = on
            case "s": flags.dotAll = on
            case "-" where on: on = false
            case ")": return true
            case ":": return false
            case "m":
                throw error(
                    "flag \"m\" (multi-line) is not supported: ^ and $ always mean the start and the very end",
                    at: index - 1)
            case "x", "w", "u", "U", "d", "n":
                throw error("flag \"\(scalar)\" is not supported (only i and s are)", at: index - 1)
            default:
                throw error("unsupported group syntax \"(?\(scalar)\"", at: start)
            }
        }
        throw error("group opened here is not closed with \")\"", at: start)
    }

    private mutating func parseQuantifiers(_ atom: PatternNode, atomStart: Int) throws(PatternError) -> PatternNode {
        guard let scalar = peek else { return atom }
        let start = index
        var bounds: (min: Int, max: Int?)
        switch scalar {
        case "*": bounds = (0, nil)
        case "+": bounds = (1, nil)
        case "?": bounds = (0, 1)
        case "{": bounds = try parseInterval()
        default: return atom
        }
        // ICU refuses a quantifier written right after \b or \B (not after a group holding one).
        if scalars[atomStart] == "\\", atom == .assertion(.wordBoundary) || atom == .assertion(.notWordBoundary) {
            throw error("a quantifier cannot follow \\b or \\B", at: start)
        }
        if scalar != "{" { index += 1 }
        if peek == "?" {
            index += 1  // lazy: same match / no-match answer
        } else if peek == "+" {
            throw error("possessive quantifiers (\"\(scalar)+\") are not supported", at: start)
        }
        if let next = peek, next == "*" || next == "+" || next == "?" || next == "{" {
            throw error("a quantifier cannot follow another one; group the first in (?:…)", at: index)
        }
        return .repetition(atom, min: bounds.min, max: bounds.max)
    }

    /// `{n}`, `{n,}`, `{n,m}`; the index is at `{`.
    private mutating func parseInterval() throws(PatternError) -> (min: Int, max: Int?) {
        let start = index
        index += 1
        guard let low = readNumber() else {
            throw error("counted repetition \"{\" must be {n}, {n,} or {n,m}", at: start)
        }
        var high: Int? = low
        if peek == "," {
            index += 1
            high = readNumber()
        }
        guard peek == "}" else { throw error("counted repetition \"{\" must be {n}, {n,} or {n,m}", at: start) }
        index += 1
        if let high, high < low {
            throw error("counted repetition {\(low),\(high)} has its maximum below its minimum", at: start)
        }
        return (low, high)
    }

    /// Decimal digits, saturating at 1,000,000 (any count that large is refused by the size bound).
    private mutating func readNumber() -> Int? {
        var value: Int?
        while let scalar = peek, ("0"..."9").contains(scalar) {
            value = min((value ?? 0) * 10 + Int(scalar.value - 0x30), 1_000_000)
            index += 1
        }
        return value
    }
}
