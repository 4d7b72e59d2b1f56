extension PasswordRulesParser {
    /// `_parseCustomCharacterClass`: `-` counts only first, `]` is literal only last and written `]]`,
    /// characters outside ASCII-printable are dropped.
    mutating func parseCustomClass(_ start: Int) -> ([UInt8]?, Int) {
        var position = start + 1
        guard position < input.count else {
            warnings.append("a custom class \"[\" ends the text")
            return (nil, position)
        }
        let initial = position
        var result: [UInt8] = []
        repeat {
            let unit = input[position]
            guard (0x20...0x7E).contains(unit) else {
                position += 1
                continue
            }
            if unit == UInt16(UInt8(ascii: "-")) && position - initial > 0 {
                warnings.append("a \"-\" inside a custom class counts only as its first character; ignored")
                position += 1
                continue
            }
            result.append(UInt8(unit))
            position += 1
            if unit == UInt16(UInt8(ascii: "]")) { break }
        } while position < input.count
        let close = UInt16(UInt8(ascii: "]"))
        if (position < input.count && input[position] != close)
            || (position == input.count && input[position - 1] == close)
        {
            _ = result.popLast()
            return (result, position)
        }
        if position < input.count && input[position] == close { return (result, position + 1) }
        warnings.append("a custom class is not closed by \"]\"")
        return (nil, position)
    }

    /// `_parseInteger`: decimal digits ending at `;` or the end of the text; anything else drops the property.
    mutating func parseInteger(_ start: Int) -> (Int?, Int) {
        guard start < input.count, (0x30...0x39).contains(input[start]) else {
            warnings.append("a number was expected at offset \(start)")
            return (nil, start)
        }
        var position = start
        var value = 0
        repeat {
            // Saturates far above any limit a policy accepts.
            value = Swift.min(value * 10 + Int(input[position] - 0x30), 1 << 40)
            position += 1
        } while position < input.count && (0x30...0x39).contains(input[position])
        if position >= input.count || input[position] == UInt16(UInt8(ascii: ";")) { return (value, position) }
        warnings.append("a number must be followed directly by \";\" (offset \(position)); the property is dropped")
        return (nil, position)
    }
}
