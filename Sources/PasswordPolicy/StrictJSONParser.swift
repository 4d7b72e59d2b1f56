/// A strict RFC 8259 JSON parser for policy files that, unlike `JSONSerialization`/`JSONDecoder`, refuses
/// duplicate object keys (naming the key path, such as `rules[1].min`).
///
/// Also refused: trailing commas, comments, single quotes, leading zeros, `NaN`/`Infinity`, control characters in
/// strings, invalid escapes, lone surrogates (`\uD800` without its pair), invalid UTF-8, content after the value
/// and nesting deeper than ``maximumDepth``. A UTF-8 byte order mark at the very start is skipped.
/// Error messages give a line and column, never the file's text.
struct StrictJSONParser {
    /// Arrays and objects may nest at most this deep.
    static let maximumDepth = 64

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses one JSON document.
    ///
    /// - Throws: ``PolicyError/invalid(path:reason:)`` with reason "duplicate key" for a repeated key,
    ///   ``PolicyError/malformedJSON(reason:)`` for anything else that is not strict JSON.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(PolicyError) -> JSONValue {
        var parser = StrictJSONParser(bytes)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { parser.index = 3 }
        parser.skipWhitespace()
        guard parser.index < bytes.count else { throw .malformedJSON(reason: "the file is empty") }
        let value = try parser.parseValue(path: "", depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("unexpected text after the policy object") }
        return value
    }

    /// A syntax error at the current position.
    private func failure(_ what: String) -> PolicyError {
        var line = 1
        var column = 1
        for offset in 0..<min(index, bytes.count) {
            if bytes[offset] == 0x0A {
                line += 1
                column = 1
            } else if bytes[offset] & 0xC0 != 0x80 {
                column += 1
            }
        }
        return .malformedJSON(reason: "\(what) at line \(line), column \(column)")
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func parseValue(path: String, depth: Int) throws(PolicyError) -> JSONValue {
        guard let byte = current else { throw failure("unexpected end of the file") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(path: path, depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(path: path, depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("expected a value")
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(PolicyError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw failure("expected a value") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw failure("expected a value")
        }
        index += count
        return value
    }

    private mutating func parseObject(path: String, depth: Int) throws(PolicyError) -> JSONValue {
        guard depth <= Self.maximumDepth else {
            throw failure("objects and arrays nest deeper than \(Self.maximumDepth)")
        }
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a key in double quotes") }
            let key = try parseString()
            let memberPath = path.isEmpty ? key : "\(path).\(key)"
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected \":\" after a key") }
            index += 1
            skipWhitespace()
            let value = try parseValue(path: memberPath, depth: depth)
            guard members.updateValue(value, forKey: key) == nil else {
                throw .invalid(path: memberPath, reason: "duplicate key")
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw failure("expected \",\" or \"}\" in an object")
            }
        }
    }

    private mutating func parseArray(path: String, depth: Int) throws(PolicyError) -> JSONValue {
        guard depth <= Self.maximumDepth else {
            throw failure("objects and arrays nest deeper than \(Self.maximumDepth)")
        }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue(path: "\(path.isEmpty ? "policy" : path)[\(items.count)]", depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(items)
            default: throw failure("expected \",\" or \"]\" in an array")
            }
        }
    }

    private mutating func parseNumber() throws(PolicyError) -> JSONValue {
        let start = index
        var isInteger = true
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, Self.isDigit(first) else { throw failure("malformed number") }
        index += 1
        if first == UInt8(ascii: "0"), let next = current, Self.isDigit(next) {
            throw failure("numbers may not have leading zeros")
        }
        if first != UInt8(ascii: "0") { skipDigits() }
        if current == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let digit = current, Self.isDigit(digit) else { throw failure("malformed number") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, Self.isDigit(digit) else { throw failure("malformed number") }
            skipDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else { return .double(text.hasPrefix("-") ? -1e300 : 1e300) }
        return .double(value)
    }

    private mutating func skipDigits() {
        while let byte = current, Self.isDigit(byte) { index += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// A string; the index is at its opening quote.
    private mutating func parseString() throws(PolicyError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        while true {
            guard let byte = current else { throw failure("a string is not closed") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                index += 1
                scalars.append(try parseEscape())
            case 0..<0x20: throw failure("control character in a string (write it as an escape such as \\n)")
            case 0..<0x80:
                scalars.append(Unicode.Scalar(byte))
                index += 1
            default: scalars.append(try parseUTF8Scalar())
            }
        }
    }

    private mutating func parseEscape() throws(PolicyError) -> Unicode.Scalar {
        guard let byte = current else { throw failure("a string is not closed") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try parseHex4()
            if (0xDC00...0xDFFF).contains(unit) { throw failure("lone low surrogate \\u escape") }
            guard (0xD800...0xDBFF).contains(unit) else { return Unicode.Scalar(unit)! }
            guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw failure("high surrogate \\u escape without its low surrogate")
            }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw failure("high surrogate \\u escape without its low surrogate")
            }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
        default: throw failure("invalid escape in a string")
        }
    }

    private mutating func parseHex4() throws(PolicyError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("\\u needs four hexadecimal digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - 0x30
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - 0x61 + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - 0x41 + 10
            default: throw failure("\\u needs four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// One multi-byte UTF-8 sequence (shortest form, no surrogates, at most U+10FFFF).
    private mutating func parseUTF8Scalar() throws(PolicyError) -> Unicode.Scalar {
        let lead = bytes[index]
        let count: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: (count, value) = (2, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (count, value) = (3, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (count, value) = (4, UInt32(lead & 0x07))
        default: throw failure("invalid UTF-8")
        }
        guard index + count <= bytes.count else { throw failure("invalid UTF-8") }
        for offset in 1..<count {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { throw failure("invalid UTF-8") }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = count == 2 ? 0x80 : (count == 3 ? 0x800 : 0x10000)
        guard value >= minimum, value <= 0x10FFFF, let scalar = Unicode.Scalar(value) else {
            throw failure("invalid UTF-8")
        }
        index += count
        return scalar
    }
}
