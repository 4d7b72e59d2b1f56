extension PatternParser {
    /// What one escape stands for.
    enum Escape {
        case scalar(UInt32)
        case item(PatternClass.Item)
        case assertion(PatternAssertion)
        /// `\Q…\E`: the quoted scalars.
        case quoted([UInt32])
    }

    static let digit = PatternClass.Item(kind: .categories(PatternClass.categoryBit(.decimalNumber)), negated: false)

    /// Parses an escape outside a class; the index is just after `\`.
    mutating func parseEscape(_ flags: Flags, start: Int) throws(PatternError) -> PatternNode {
        switch try readEscape(start: start, inClass: false) {
        case .scalar(let value): return literal(value, flags)
        case .item(let item): return .set(classNode(PatternClass(ranges: [], items: [item]), flags))
        case .assertion(let assertion): return .assertion(assertion)
        case .quoted(let values):
            let nodes = values.map { literal($0, flags) }
            return nodes.count == 1 ? nodes[0] : (nodes.isEmpty ? .empty : .concatenation(nodes))
        }
    }

    func classNode(_ set: PatternClass, _ flags: Flags) -> PatternClass {
        flags.caseInsensitive ? set.caseClosed() : set
    }

    /// Reads one escape; the index is just after `\`.
    mutating func readEscape(start: Int, inClass: Bool) throws(PatternError) -> Escape {
        guard let scalar = peek else { throw error("the pattern ends with a lone \"\\\"", at: start) }
        index += 1
        switch scalar {
        case "d": return .item(Self.digit)
        case "D": return .item(PatternClass.Item(kind: Self.digit.kind, negated: true))
        case "w": return .item(PatternClass.Item(kind: .word, negated: false))
        case "W": return .item(PatternClass.Item(kind: .word, negated: true))
        case "s": return .item(PatternClass.Item(kind: .whitespace, negated: false))
        case "S": return .item(PatternClass.Item(kind: .whitespace, negated: true))
        case "p", "P": return .item(try readProperty(negated: scalar == "P", start: start))
        case "t": return .scalar(0x09)
        case "n": return .scalar(0x0A)
        case "r": return .scalar(0x0D)
        case "f": return .scalar(0x0C)
        case "a": return .scalar(0x07)
        case "e": return .scalar(0x1B)
        case "x":
            if peek == "{" {
                index += 1
                let value = try readHex(maxDigits: 8, exact: false, start: start)
                guard peek == "}" else { throw error("\\x{…} is not closed with \"}\"", at: start) }
                index += 1
                return .scalar(value)
            }
            return .scalar(try readHex(maxDigits: 2, exact: true, start: start))
        case "u": return .scalar(try readHex(maxDigits: 4, exact: true, start: start))
        case "U": return .scalar(try readHex(maxDigits: 8, exact: true, start: start))
        case "Q" where !inClass:
            var values: [UInt32] = []
            while let next = peek, !(next == "\\" && peek(1) == "E") {
                values.append(next.value)
                index += 1
            }
            if peek != nil { index += 2 }
            return .quoted(values)
        case "A" where !inClass: return .assertion(.start)
        case "z" where !inClass: return .assertion(.end)
        case "b" where !inClass: return .assertion(.wordBoundary)
        case "B" where !inClass: return .assertion(.notWordBoundary)
        case "Z" where !inClass:
            throw error("\\Z is not supported (it also matches before a final line break); use $ or \\z", at: start)
        case "1"..."9", "k":
            throw error("backreferences are not supported (\\\(scalar))", at: start)
        case "0": throw error("octal escapes are not supported; use \\x{…}", at: start)
        default:
            let isASCIIAlphanumeric =
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            guard !isASCIIAlphanumeric else {
                throw error("unsupported escape \"\\\(scalar)\"\(inClass ? " in a class" : "")", at: start)
            }
            return .scalar(scalar.value)
        }
    }

    private mutating func readHex(maxDigits: Int, exact: Bool, start: Int) throws(PatternError) -> UInt32 {
        var value: UInt32 = 0
        var digits = 0
        while digits < maxDigits, let scalar = peek, let digit = Self.hexValue(scalar) {
            value = value << 4 | digit
            digits += 1
            index += 1
        }
        guard digits > 0, !exact || digits == maxDigits else {
            let count = exact ? "exactly \(maxDigits)" : "1 to \(maxDigits)"
            throw error("hexadecimal escape needs \(count) digits", at: start)
        }
        guard value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
            throw error("hexadecimal escape is not a Unicode scalar value", at: start)
        }
        return value
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": return scalar.value - 0x30
        case "a"..."f": return scalar.value - 0x61 + 10
        case "A"..."F": return scalar.value - 0x41 + 10
        default: return nil
        }
    }

    /// `\p{Name}` / `\P{Name}` with a general category name; the index is after `p` or `P`.
    private mutating func readProperty(negated: Bool, start: Int) throws(PatternError) -> PatternClass.Item {
        guard peek == "{" else { throw error("\\p and \\P need a name in braces, as in \\p{Lu}", at: start) }
        index += 1
        var name = ""
        while let scalar = peek, scalar != "}" {
            name.unicodeScalars.append(scalar)
            index += 1
        }
        guard peek == "}" else { throw error("\\p{ is not closed with \"}\"", at: start) }
        index += 1
        var negated = negated
        if name.hasPrefix("^") {
            negated.toggle()
            name.removeFirst()
        }
        guard let mask = Self.categoryMask(named: name) else {
            throw error(
                "unsupported property \"\(name)\" (general categories only, such as L, Lu, Ll, N, Nd, P, S, Z)",
                at: start)
        }
        return PatternClass.Item(kind: .categories(mask), negated: negated)
    }

    /// The mask of a general category or category group, by short or long name (case and `_`/space ignored).
    static func categoryMask(named name: String) -> UInt32? {
        let key = String(name.lowercased().unicodeScalars.filter { $0 != "_" && $0 != " " && $0 != "-" })
        let short: [String: String] = [
            "letter": "l", "casedletter": "lc", "uppercaseletter": "lu", "lowercaseletter": "ll",
            "titlecaseletter": "lt", "modifierletter": "lm", "otherletter": "lo", "mark": "m", "nonspacingmark": "mn",
            "spacingmark": "mc", "enclosingmark": "me", "number": "n", "decimalnumber": "nd", "digit": "nd",
            "letternumber": "nl", "othernumber": "no", "punctuation": "p", "connectorpunctuation": "pc",
            "dashpunctuation": "pd", "openpunctuation": "ps", "closepunctuation": "pe", "initialpunctuation": "pi",
            "finalpunctuation": "pf", "otherpunctuation": "po", "symbol": "s", "mathsymbol": "sm",
            "currencysymbol": "sc", "modifiersymbol": "sk", "othersymbol": "so", "separator": "z",
            "spaceseparator": "zs", "lineseparator": "zl", "paragraphseparator": "zp", "other": "c", "control": "cc",
            "format": "cf", "surrogate": "cs", "privateuse": "co", "unassigned": "cn",
        ]
        let code = short[key] ?? key
        let categories = PatternClass.allCategories
        let codes = [
            "lu", "ll", "lt", "lm", "lo", "mn", "mc", "me", "nd", "nl", "no", "pc", "pd", "ps", "pe", "pi", "pf", "po",
            "sm", "sc", "sk", "so", "zs", "zl", "zp", "cc", "cf", "cs", "co", "cn",
        ]
        if code == "lc" { return 0b111 }
        var mask: UInt32 = 0
        for (offset, candidate) in codes.enumerated() where candidate == code || String(candidate.prefix(1)) == code {
            mask |= PatternClass.categoryBit(categories[offset])
        }
        return mask == 0 ? nil : mask
    }
}
