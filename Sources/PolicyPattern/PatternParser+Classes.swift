extension PatternParser {
    /// Parses `[…]`; the index is just after `[`.
    ///
    /// Supported: scalars, ranges `a-z`, escapes (`\d`, `\p{Lu}`, `\x{…}`, `\]`, …), a leading `^`, a `]` first
    /// (a literal, as in ICU), `-` first, last or after a range (a literal). Refused: nested classes, POSIX
    /// `[:alpha:]`, set operations `&&` and `--`.
    mutating func parseClass(_ flags: Flags, start: Int) throws(PatternError) -> PatternClass {
        var negated = false
        if peek == "^" {
            negated = true
            index += 1
        }
        var ranges: [ClosedRange<UInt32>] = []
        var items: [PatternClass.Item] = []
        var first = true
        while true {
            guard let scalar = peek else { throw error("class opened here is not closed with \"]\"", at: start) }
            let itemStart = index
            if scalar == "]", !first {
                index += 1
                break
            }
            first = false
            if scalar == "[" {
                if peek(1) == ":" {
                    throw error("POSIX classes such as [:alpha:] are not supported; use \\p{…}", at: itemStart)
                }
                throw error("nested classes are not supported; write \\[ for the character", at: itemStart)
            }
            if scalar == "&", peek(1) == "&" {
                throw error("class intersection \"&&\" is not supported", at: itemStart)
            }
            if scalar == "-", peek(1) == "-" {
                throw error("class difference \"--\" is not supported; write \\- for the character", at: itemStart)
            }
            guard let low = try readClassMember(start: itemStart) else { continue }
            switch low {
            case .item(let item): items.append(item)
            case .scalar(let value):
                if peek == "-", let after = peek(1), after != "]" {
                    index += 1
                    let highStart = index
                    guard case .scalar(let high)? = try readClassMember(start: highStart) else {
                        throw error("a range must end with a single character", at: highStart)
                    }
                    guard value <= high else { throw error("range out of order", at: itemStart) }
                    ranges.append(value...high)
                } else {
                    ranges.append(value...value)
                }
            case .assertion, .quoted:
                throw error("unsupported escape in a class", at: itemStart)
            }
        }
        let set = PatternClass(ranges: ranges, items: items)
        let closed = classNode(set, flags)
        return negated ? closed.inverted() : closed
    }

    /// One scalar or escape inside a class, or `nil` after a quoted `\Q\E` of nothing.
    private mutating func readClassMember(start: Int) throws(PatternError) -> Escape? {
        guard let scalar = peek else { throw error("class is not closed with \"]\"", at: start) }
        index += 1
        if scalar == "\\" {
            return try readEscape(start: start, inClass: true)
        }
        if scalar == "[" {
            throw error("nested classes are not supported; write \\[ for the character", at: start)
        }
        return .scalar(scalar.value)
    }
}
